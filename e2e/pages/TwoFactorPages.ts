import type { Locator } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

/** /profile/two-factor: enrolment (QR code and key), the recovery codes shown once, new codes, turning off. */
export class TwoFactorSettingsPage extends EntryPage {
  goto() {
    return this.open("/profile/two-factor");
  }

  get setUpButton(): Locator {
    return this.button("Set Up Two-Factor Authentication");
  }

  get qrCode(): Locator {
    return this.main.getByRole("img", { name: "QR code for your authenticator app" });
  }

  /** The key shown as text for typing into an app. */
  async key(): Promise<string> {
    return (await this.main.getByTestId("two-factor-key").innerText()).replace(/\s/g, "");
  }

  get codeField(): Locator {
    return this.field("Code from the app");
  }

  get turnOnButton(): Locator {
    return this.button("Turn On Two-Factor Authentication");
  }

  /** The recovery codes listed after two-factor turned on. */
  async recoveryCodes(): Promise<string[]> {
    const list = this.main.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    return (await list.getByRole("listitem").allInnerTexts()).map((code) => code.trim());
  }
}

/** /entry/2fa: the code step of a password sign-in. */
export class TwoFactorEntryPage extends EntryPage {
  get codeField(): Locator {
    return this.field("Authentication Code");
  }

  get rememberDevice(): Locator {
    return this.main.getByRole("checkbox", { name: "Remember this device for 30 days" });
  }

  get verifyButton(): Locator {
    return this.button("Verify");
  }
}
