import type { Locator } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

export interface Registration {
  email: string;
  name: string;
  password: string;
  /** "Confirm Password"; the password when left out. */
  confirm?: string;
}

/** /entry/register */
export class RegisterPage extends EntryPage {
  goto(target?: string) {
    return this.openEntry("/entry/register", target);
  }

  get submitButton(): Locator {
    return this.button("Register");
  }

  async fill({ email, name, password, confirm = password }: Registration): Promise<void> {
    await this.field("Email").fill(email);
    await this.field("Username").fill(name);
    await this.field("Password").fill(password);
    await this.field("Confirm Password").fill(confirm);
  }

  /** Fills the form and presses "Register"; the caller waits for what should follow. */
  async register(registration: Registration): Promise<void> {
    await this.fill(registration);
    await this.submitButton.click();
  }
}
