import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/drafts`: the member's unposted drafts and scheduled posts, each with its controls. */
export class DraftsPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/drafts");
  }

  /** One of the member's posts awaiting a moderator's approval ("Awaiting Approval"), by its text. */
  awaitingApproval(text: string): Locator {
    return this.page.getByRole("list", { name: "Awaiting Approval" }).getByRole("listitem").filter({ hasText: text });
  }

  /** The confirmation after a held discussion (`/drafts?awaiting=approval`). */
  get heldConfirmation(): Locator {
    return this.page.getByRole("status").filter({ hasText: "Your post is awaiting approval." });
  }

  /** A draft's entry, in whichever list it is. */
  draft(draftID: number): Locator {
    return this.page.locator(`[data-draft-id="${draftID}"]`);
  }

  /** A draft's entry in "Unposted Drafts". */
  unpostedDraft(draftID: number): Locator {
    return this.page.getByRole("list", { name: "Unposted Drafts" }).locator(`[data-draft-id="${draftID}"]`);
  }

  /** A draft's entry in "Scheduled Posts". */
  scheduledDraft(draftID: number): Locator {
    return this.page.getByRole("list", { name: "Scheduled Posts" }).locator(`[data-draft-id="${draftID}"]`);
  }

  /** The link that continues a draft, by its name. */
  draftLink(draftID: number, name: string): Locator {
    return this.draft(draftID).getByRole("link", { name });
  }

  scheduleField(draftID: number): Locator {
    return this.draft(draftID).getByLabel("Schedule for");
  }

  deleteButton(draftID: number): Locator {
    return this.draft(draftID).getByRole("button", { name: "Delete" });
  }

  /** Schedules a draft for a local date and time (`YYYY-MM-DDTHH:mm`). */
  async schedule(draftID: number, local: string): Promise<void> {
    await this.scheduleField(draftID).fill(local);
    await this.draft(draftID).getByRole("button", { name: "Schedule", exact: true }).click();
  }

  async cancelSchedule(draftID: number): Promise<void> {
    await this.scheduledDraft(draftID).getByRole("button", { name: "Cancel Schedule" }).click();
  }

  async deleteDraft(draftID: number): Promise<void> {
    await this.deleteButton(draftID).click();
  }
}
