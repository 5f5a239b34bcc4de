import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { DiscussionActionsPage } from "./DiscussionActions.ts";
import { ParleyPage } from "./ParleyPage.ts";

/**
 * A discussion's tickets and its comments' (the attachments add-on): the options menus' Create ticket dialog, the
 * tickets box under each post with each ticket's link, status and Refresh, and the no-JavaScript Create ticket
 * page. The methods with a `commentID` are about that comment's box; without, the discussion's.
 */
export class TicketsPage extends DiscussionActionsPage {
  /** The options menu's Create ticket dialog (named after the integration: "Create ticket in {name}"). */
  get ticketDialog(): Locator {
    return this.page.getByRole("dialog", { name: /^Create ticket/ });
  }

  /** Opens Create ticket from the discussion options menu and waits for its form. */
  async openCreateTicket(): Promise<void> {
    await this.openOptions();
    await this.menuItem("Create ticket").click();
    await this.ticketDialog.getByLabel("Title").waitFor();
  }

  /** Opens Create ticket from a comment's options menu (⋯) and waits for its form. */
  async openCommentTicket(commentID: number): Promise<void> {
    await this.commentAction(commentID, "Create ticket");
    await this.ticketDialog.getByLabel("Title").waitFor();
  }

  /** Whether a comment's options menu offers Create ticket (the menu is closed again after). */
  async commentOffersTicket(commentID: number): Promise<boolean> {
    await this.postOptions(this.comment(commentID)).click();
    await this.menuItems.first().waitFor();
    const offered = (await this.menuItems.filter({ hasText: /^Create ticket$/ }).count()) > 0;
    await this.page.keyboard.press("Escape");
    return offered;
  }

  titleField(): Locator {
    return this.ticketDialog.getByLabel("Title");
  }

  descriptionField(): Locator {
    return this.ticketDialog.getByLabel("Description");
  }

  /** Changes the title and creates the ticket from the open dialog; waits for the dialog to close. */
  async createTicket(title: string): Promise<void> {
    await this.titleField().fill(title);
    await this.ticketDialog.getByRole("button", { name: "Create ticket" }).click();
    await this.ticketDialog.waitFor({ state: "detached" });
  }

  /** The tickets box under the discussion's post. */
  get ticketsBox(): Locator {
    return this.ticketsBoxOf();
  }

  /** The tickets box under a comment, or under the discussion's post. */
  ticketsBoxOf(commentID?: number): Locator {
    return this.postOf(commentID).getByRole("region", { name: "Tickets" });
  }

  /** A ticket's card in the box (a comment's, or the discussion's), by its id. */
  ticket(sourceID: string, commentID?: number): Locator {
    return this.ticketsBoxOf(commentID)
      .getByRole("listitem")
      .filter({ hasText: `Ticket ${sourceID}` });
  }

  ticketLink(sourceID: string, commentID?: number): Locator {
    return this.ticket(sourceID, commentID).getByRole("link", { name: `Ticket ${sourceID}` });
  }

  /** The status a ticket's card shows. */
  async ticketStatus(sourceID: string, commentID?: number): Promise<string> {
    const text = await this.ticket(sourceID, commentID).innerText();
    return text.match(/Status:\s*(\S+)/)?.[1] ?? "";
  }

  refreshButton(sourceID: string, commentID?: number): Locator {
    return this.ticket(sourceID, commentID).getByRole("button", { name: `Refresh the status of ticket ${sourceID}` });
  }

  /** The no-JavaScript link to the Create ticket page, under the post (a comment's, or the discussion's). */
  createTicketLinkOf(commentID?: number): Locator {
    return this.postOf(commentID).getByRole("link", { name: "Create ticket" });
  }

  get createTicketLink(): Locator {
    return this.createTicketLinkOf();
  }

  /** A comment's article, or the discussion's post. */
  private postOf(commentID: number | undefined): Locator {
    return commentID === undefined ? this.post : this.comment(commentID);
  }
}

/** `/discussion/{id}/attachments/new`: Create ticket as a page (moderators without JavaScript). */
export class NewTicketPage extends ParleyPage {
  /** The description, prefilled with the post's text and address. */
  get descriptionField(): Locator {
    return this.main.getByLabel("Description");
  }

  /** Changes the title and creates the ticket; the page goes back to the discussion. */
  async create(title: string): Promise<void> {
    await this.main.getByLabel("Title").fill(title);
    await this.main.getByRole("button", { name: "Create ticket" }).click();
  }
}

/** `/dashboard/integrations`: the ticket integration's settings. */
export class IntegrationsPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/integrations");
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** Fills the settings given by their labels (text fields), and the Enabled box. */
  async fill(values: Record<string, string>, enabled: boolean): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
    await this.main.getByRole("checkbox", { name: "Enabled" }).setChecked(enabled);
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save", exact: true });
  }
}
