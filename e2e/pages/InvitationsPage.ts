import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** /dashboard/users/invitations: the invite form and the invitations, each revocable while it waits. */
export class InvitationsPage extends ParleyPage {
  goto() {
    return this.open("/dashboard/users/invitations");
  }

  get status(): Locator {
    return this.main.getByRole("status");
  }

  /** The sentence saying how many invitations are left this month. */
  get remaining(): Locator {
    return this.main.getByText(/^(You may send as many invitations as you like\.|Invitations left this month: .*)$/u);
  }

  get list(): Locator {
    return this.main.getByRole("list", { name: "Invitations" });
  }

  /** The invitation to an address in the list. */
  invitation(email: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: email });
  }

  async invite(email: string): Promise<void> {
    const form = this.main.getByRole("form", { name: "Invite" });
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByRole("button", { name: "Send Invitation", exact: true }).click();
  }

  async revoke(email: string): Promise<void> {
    await this.main.getByRole("button", { name: `Revoke the invitation to ${email}`, exact: true }).click();
  }
}
