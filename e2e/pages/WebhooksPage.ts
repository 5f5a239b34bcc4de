import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/**
 * `/dashboard/webhooks`: the webhooks, the Add form (its secret shown once after adding), and a webhook's own page
 * (`/dashboard/webhooks/{id}`) with Ping and its delivery log.
 */
export class WebhooksPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/webhooks");
  }

  get list(): Locator {
    return this.main.getByRole("list", { name: "Webhooks" });
  }

  get addForm(): Locator {
    return this.main.getByRole("form", { name: "Add a webhook" });
  }

  /** Fills the Add form: name, URL and the events' checkboxes by their labels. */
  async fillAdd(name: string, url: string, events: string[]): Promise<void> {
    await this.addForm.getByLabel("Name").fill(name);
    await this.addForm.getByLabel("URL").fill(url);
    for (const event of events) await this.addForm.getByRole("checkbox", { name: event, exact: true }).check();
  }

  get addButton(): Locator {
    return this.addForm.getByRole("button", { name: "Add Webhook" });
  }

  /** The new webhook's secret, shown once (a read-only field). */
  secretOf(name: string): Locator {
    return this.main.getByLabel(`The secret of “${name}”`);
  }

  get copyButton(): Locator {
    return this.main.getByRole("button", { name: "Copy" });
  }

  /** A listed webhook's link to its page. */
  webhookLink(name: string): Locator {
    return this.list.getByRole("link", { name, exact: true });
  }

  get rotateButton(): Locator {
    return this.main.getByRole("button", { name: "Rotate secret", exact: true });
  }

  get pingButton(): Locator {
    return this.main.getByRole("button", { name: "Ping", exact: true });
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  get deliveryLog(): Locator {
    return this.main.getByRole("table", { name: "Recent deliveries" });
  }

  /** The delivery log's rows (without its header row), newest first, as their cells' texts. */
  async deliveries(): Promise<string[][]> {
    const rows = this.deliveryLog.locator("tbody").getByRole("row");
    const count = await rows.count();
    const texts: string[][] = [];
    for (let i = 0; i < count; i++) texts.push(await rows.nth(i).getByRole("cell").allInnerTexts());
    return texts;
  }
}
