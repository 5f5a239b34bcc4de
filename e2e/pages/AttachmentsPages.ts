import type { Locator } from "playwright-core";
import { DiscussionActionsPage } from "./DiscussionActions.ts";

/**
 * A discussion's tickets (the attachments add-on): the options menu's Create ticket dialog, the tickets box under
 * the post with each ticket's link, status and Refresh, and the no-JavaScript Create ticket page.
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
    return this.post.getByRole("region", { name: "Tickets" });
  }

  /** A ticket's card in the box, by its id. */
  ticket(sourceID: string): Locator {
    return this.ticketsBox.getByRole("listitem").filter({ hasText: `Ticket ${sourceID}` });
  }

  ticketLink(sourceID: string): Locator {
    return this.ticket(sourceID).getByRole("link", { name: `Ticket ${sourceID}` });
  }

  /** The status a ticket's card shows. */
  async ticketStatus(sourceID: string): Promise<string> {
    const text = await this.ticket(sourceID).innerText();
    return text.match(/Status:\s*(\S+)/)?.[1] ?? "";
  }

  refreshButton(sourceID: string): Locator {
    return this.ticket(sourceID).getByRole("button", { name: `Refresh the status of ticket ${sourceID}` });
  }

  /** The no-JavaScript link to the Create ticket page, under the post. */
  get createTicketLink(): Locator {
    return this.post.getByRole("link", { name: "Create ticket" });
  }
}
