import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

type PasswordLabel = "Current Password" | "New Password" | "Confirm New Password";

/**
 * `/profile/account`: the member's password form, e-mail address, sessions (each with "Sign out") and access
 * tokens; each part is a region named by its heading, and its fields are found within it.
 */
export class AccountPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/account");
  }

  region(name: "Change Password" | "Email Address" | "Sessions" | "Access Tokens"): Locator {
    return this.main.getByRole("region", { name, exact: true });
  }

  field(label: PasswordLabel): Locator {
    return this.region("Change Password").getByLabel(label, { exact: true });
  }

  /** The error beside a field (the element its aria-describedby names with `-error`), or null. */
  async errorOf(field: Locator): Promise<string | null> {
    const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/);
    const errorId = ids.find((id) => id.endsWith("-error"));
    return errorId ? (await this.page.locator(`[id="${errorId}"]`).innerText()).trim() : null;
  }

  fieldError(label: PasswordLabel): Promise<string | null> {
    return this.errorOf(this.field(label));
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
    return this.region("Sessions").getByRole("listitem");
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

  emailField(label: "New Email Address" | "Current Password"): Locator {
    return this.region("Email Address").getByLabel(label, { exact: true });
  }

  /** Asks for a new address with the current password (the button waits for the answer). */
  async changeEmail(email: string, password: string): Promise<void> {
    await this.emailField("New Email Address").fill(email);
    await this.emailField("Current Password").fill(password);
    await this.submitAndWait(this.region("Email Address").getByRole("button", { name: "Change Email", exact: true }));
  }

  /** "Pending change to …" of a change waiting for its link. */
  get pendingChange(): Locator {
    return this.region("Email Address").getByText(/^Pending change to /);
  }

  emailButton(name: "Resend Link" | "Cancel Change"): Locator {
    return this.region("Email Address").getByRole("button", { name, exact: true });
  }

  /** The listed access tokens. */
  get tokens(): Locator {
    return this.region("Access Tokens").getByRole("listitem");
  }

  async createToken(name: string): Promise<void> {
    await this.region("Access Tokens").getByLabel("Token Name", { exact: true }).fill(name);
    await this.submitAndWait(this.main.getByRole("button", { name: "Create Token", exact: true }));
  }

  /** The read-only field holding the token just created (shown once). */
  get newToken(): Locator {
    return this.region("Access Tokens").getByLabel(/^Your new token/);
  }

  revokeTokenButton(name: string): Locator {
    return this.main.getByRole("button", { name: `Revoke ${name}`, exact: true });
  }
}

/** `/entry/emailchange/{token}`: the link sent to a new address, with its one button. */
export class EmailChangePage extends ParleyPage {
  get confirmButton(): Locator {
    return this.main.getByRole("button", { name: "Confirm Email Address", exact: true });
  }
}
