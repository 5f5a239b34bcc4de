import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/profile/privacy`: the member's privacy switches, "Download my data", and deleting the account. */
export class PrivacyPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/privacy");
  }

  get privateProfile(): Locator {
    return this.main.getByLabel("Private profile", { exact: true });
  }

  get showOnlineStatus(): Locator {
    return this.main.getByLabel("Show my online status", { exact: true });
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save", exact: true });
  }

  get requestDataButton(): Locator {
    return this.main.getByRole("button", { name: "Request My Data", exact: true });
  }

  get password(): Locator {
    return this.main.getByLabel("Password", { exact: true });
  }

  get deleteAccountButton(): Locator {
    return this.main.getByRole("button", { name: "Delete My Account", exact: true });
  }

  /** The error beside the password field, or null. */
  async passwordError(): Promise<string | null> {
    const ids = ((await this.password.getAttribute("aria-describedby")) ?? "").split(/\s+/);
    const errorId = ids.find((id) => id.endsWith("-error"));
    return errorId ? (await this.page.locator(`[id="${errorId}"]`).innerText()).trim() : null;
  }
}
