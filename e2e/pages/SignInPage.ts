import type { Locator } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

/** /entry/signin */
export class SignInPage extends EntryPage {
  goto(target?: string) {
    return this.openEntry("/entry/signin", target);
  }

  get username(): Locator {
    return this.field("Email/Username");
  }

  get password(): Locator {
    return this.field("Password");
  }

  get keepSignedIn(): Locator {
    return this.main.getByRole("checkbox", { name: "Keep me signed in" });
  }

  get submitButton(): Locator {
    return this.button("Sign In");
  }

  async fill(username: string, password: string, { keepSignedIn = false } = {}): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    if (keepSignedIn) await this.keepSignedIn.check();
  }

  /** Fills the form and presses "Sign In"; the caller waits for what should follow. */
  async signIn(username: string, password: string, options: { keepSignedIn?: boolean } = {}): Promise<void> {
    await this.fill(username, password, options);
    await this.submitButton.click();
  }
}
