import type { Locator } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

/** /entry/signout: "You are signed in as …" and a Sign Out button (a POST with the transient key). */
export class SignOutPage extends EntryPage {
  goto(target?: string) {
    return this.openEntry("/entry/signout", target);
  }

  get submitButton(): Locator {
    return this.button("Sign Out");
  }

  /** The hidden transient key the form posts. */
  get transientKeyField(): Locator {
    return this.form.locator('input[type="hidden"][name="transientKey"]');
  }
}
