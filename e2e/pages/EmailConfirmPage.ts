import type { Locator } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";

/** /entry/emailconfirm/{userID}/{token} and the page it ends on, /entry/emailconfirmed. */
export class EmailConfirmPage extends EntryPage {
  get backLink(): Locator {
    return this.main.getByRole("link", { name: "Back to Home", exact: true });
  }
}
