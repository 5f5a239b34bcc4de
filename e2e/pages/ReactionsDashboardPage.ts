import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/reactions`: the reaction types' table, each row's on/off button and its edit form. */
export class ReactionsDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/reactions");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Reaction types" });
  }

  row(name: string): Locator {
    return this.table.getByRole("row", { name, exact: true });
  }

  /** The names listed, in order. */
  async names(): Promise<string[]> {
    return this.table.locator("tbody th > span:first-of-type").allTextContents();
  }

  /** "On" or "Off". */
  async state(name: string): Promise<string> {
    return (await this.row(name).locator("td").nth(2).locator("span").first().textContent()) ?? "";
  }

  async points(name: string): Promise<string> {
    return ((await this.row(name).locator("td").nth(1).textContent()) ?? "").trim();
  }

  async turnOff(name: string): Promise<void> {
    await this.row(name)
      .getByRole("button", { name: `Turn off “${name}”` })
      .click();
  }

  async turnOn(name: string): Promise<void> {
    await this.row(name)
      .getByRole("button", { name: `Turn on “${name}”` })
      .click();
  }

  /** Opens a type's edit form (the "Edit …" disclosure). */
  async edit(name: string): Promise<Locator> {
    const row = this.row(name);
    const details = row.locator("details");
    if ((await details.getAttribute("open")) === null) await row.getByText(`Edit “${name}”`).click();
    return row;
  }

  /** Fills what is given of a type's edit form and saves it. */
  async save(name: string, values: { name?: string; description?: string; points?: string }): Promise<void> {
    const row = await this.edit(name);
    if (values.name !== undefined) await row.getByLabel("Name", { exact: true }).fill(values.name);
    if (values.description !== undefined) await row.getByLabel("Description").fill(values.description);
    if (values.points !== undefined) await row.getByLabel("Points").fill(values.points);
    await row.getByRole("button", { name: "Save" }).click();
  }

  /**
   * As `save`, past the browser's own checks of the fields (`noValidate`), as an old browser or a hand-made
   * post would send it: the server's answer is what shows.
   */
  async saveUnchecked(name: string, values: { name?: string; description?: string; points?: string }): Promise<void> {
    const row = await this.edit(name);
    await row
      .locator("form")
      .filter({ has: this.page.getByRole("button", { name: "Save" }) })
      .evaluate((form) => {
        (form as HTMLFormElement).noValidate = true;
      });
    await this.save(name, values);
  }

  /** A field's error in a type's row. */
  fieldError(name: string, text: string): Locator {
    return this.row(name).getByText(text);
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }
}
