import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/profile/account`: the member's password form and their sessions, each with "Sign out". */
export class AccountPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/account");
  }

  field(label: "Current Password" | "New Password" | "Confirm New Password"): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** The error beside a field (the element its aria-describedby names with `-error`), or null. */
  async fieldError(label: "Current Password" | "New Password" | "Confirm New Password"): Promise<string | null> {
    const ids = ((await this.field(label).getAttribute("aria-describedby")) ?? "").split(/\s+/);
    const errorId = ids.find((id) => id.endsWith("-error"));
    return errorId ? (await this.page.locator(`[id="${errorId}"]`).innerText()).trim() : null;
  }

  get changePasswordButton(): Locator {
    return this.main.getByRole("button", { name: "Change Password", exact: true });
  }

  /** Fills the form: the current password and the new one twice (the second may differ, to test the check). */
  async fillPassword(current: string, password: string, again = password): Promise<void> {
    await this.field("Current Password").fill(current);
    await this.field("New Password").fill(password);
    await this.field("Confirm New Password").fill(again);
  }

  /** The listed sessions. */
  get sessions(): Locator {
    return this.main.getByRole("listitem");
  }

  /** The session marked as the one looking ("This device"). */
  get currentSession(): Locator {
    return this.sessions.filter({ hasText: "This device" });
  }

  /** "Sign out" for the session of a device ("Firefox on Linux"). */
  signOutButton(device: string): Locator {
    return this.main.getByRole("button", { name: `Sign out ${device}`, exact: true });
  }

  get signOutEverywhereElseButton(): Locator {
    return this.main.getByRole("button", { name: "Sign Out Everywhere Else", exact: true });
  }
}
