import type { Locator } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

/** /entry/passwordrequest: asks for a reset link. */
export class PasswordRequestPage extends EntryPage {
  goto() {
    return this.openEntry("/entry/passwordrequest");
  }

  async request(email: string): Promise<void> {
    await this.field("Email").fill(email);
    await this.button("Request a new password").click();
  }
}

/** /entry/passwordreset/{userID}/{token}: the reset e-mail's page. */
export class PasswordResetPage extends EntryPage {
  async reset(password: string, confirm = password): Promise<void> {
    await this.field("New Password").fill(password);
    await this.field("Confirm Password").fill(confirm);
    await this.submitButton.click();
  }

  get submitButton(): Locator {
    return this.button("Save Password");
  }
}
