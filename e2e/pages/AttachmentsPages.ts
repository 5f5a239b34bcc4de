import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { DiscussionActionsPage } from "./DiscussionActions.ts";
import { ParleyPage } from "./ParleyPage.ts";

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

/** `/discussion/{id}/attachments/new`: Create ticket as a page (moderators without JavaScript). */
export class NewTicketPage extends ParleyPage {
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
