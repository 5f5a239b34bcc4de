import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** The fields of a knowledge base's form, by their labels. */
export interface KnowledgeBaseFields {
  name?: string;
  urlCode?: string;
  description?: string;
  type?: "Help Center" | "Guide";
  status?: "Published" | "Deleted";
}

/**
 * `/dashboard/knowledge`: the knowledge bases; `/dashboard/knowledge/add` and `/dashboard/knowledge/{id}`: a base's
 * form, its categories and its deletion.
 */
export class KnowledgeDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/knowledge");
  }

  gotoAdd(): Promise<Response> {
    return this.open("/dashboard/knowledge/add");
  }

  gotoBase(knowledgeBaseID: number): Promise<Response> {
    return this.open(`/dashboard/knowledge/${knowledgeBaseID}`);
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Knowledge Bases" });
  }

  /** The column headings, in order. */
  async columns(): Promise<string[]> {
    return this.table.getByRole("columnheader").allInnerTexts();
  }

  /** A base's row cells after its name, as shown. */
  async cells(name: string): Promise<string[]> {
    return this.table
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name, exact: true }) })
      .getByRole("cell")
      .allInnerTexts();
  }

  /** Opens a base's edit page from its row. */
  async edit(name: string): Promise<void> {
    await this.table.getByRole("rowheader", { name, exact: true }).getByRole("link").click();
    await this.waitForPage(name);
  }

  async fill(fields: KnowledgeBaseFields): Promise<void> {
    const form = this.main;
    if (fields.name !== undefined) await form.getByLabel("Name", { exact: true }).fill(fields.name);
    if (fields.urlCode !== undefined) await form.getByLabel("URL code", { exact: true }).fill(fields.urlCode);
    if (fields.description !== undefined)
      await form.getByLabel("Description", { exact: true }).fill(fields.description);
    if (fields.type) await form.getByLabel("Type", { exact: true }).selectOption({ label: fields.type });
    if (fields.status) await form.getByLabel("Status", { exact: true }).selectOption({ label: fields.status });
  }

  /** Fills the add form and sends it. */
  async add(fields: KnowledgeBaseFields): Promise<void> {
    await this.fill(fields);
    await this.main.getByRole("button", { name: "Add Knowledge Base" }).click();
  }

  /** Fills the edit page's details and saves them. */
  async save(fields: KnowledgeBaseFields): Promise<void> {
    await this.fill(fields);
    await this.panel("Details").getByRole("button", { name: "Save", exact: true }).click();
  }

  panel(name: "Details" | "Categories" | "Delete"): Locator {
    return this.main.getByRole("region", { name, exact: true });
  }

  /** The error shown with a field (its description). */
  async fieldError(label: string): Promise<string> {
    const field = this.main.getByLabel(label, { exact: true });
    const ids = (await field.getAttribute("aria-describedby")) ?? "";
    const texts = await Promise.all(
      ids
        .split(" ")
        .filter(Boolean)
        .map((id) => this.page.locator(`[id="${id}"]`).innerText()),
    );
    return texts.join(" ");
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  alert(text: string): Locator {
    return this.main.getByRole("alert").filter({ hasText: text });
  }

  /** The categories' names, depth first, as the list shows them. */
  async categoryNames(): Promise<string[]> {
    return this.panel("Categories").getByRole("listitem").locator(":scope > div a").allInnerTexts();
  }

  category(name: string): Locator {
    return this.panel("Categories").getByRole("listitem", { name, exact: true });
  }

  async addCategory(name: string, parent?: string): Promise<void> {
    const panel = this.panel("Categories");
    await panel.getByLabel("Category name", { exact: true }).fill(name);
    if (parent) await panel.getByLabel("Parent", { exact: true }).selectOption({ label: parent });
    await panel.getByRole("button", { name: "Add Category" }).click();
  }

  async move(name: string, direction: "up" | "down"): Promise<void> {
    await this.category(name)
      .getByRole("button", { name: `Move “${name}” ${direction}` })
      .click();
  }

  async rename(name: string, to: string): Promise<void> {
    const item = this.category(name);
    await item.getByText(`Rename “${name}”`).click();
    await item.getByLabel(`New name of “${name}”`).fill(to);
    await item.getByRole("button", { name: "Rename", exact: true }).click();
  }

  /** The first step of deleting a category: the confirmation follows. */
  async askDeleteCategory(name: string): Promise<void> {
    await this.category(name)
      .getByRole("button", { name: `Delete “${name}”…` })
      .click();
  }

  /** The first step of deleting the base: the confirmation follows. */
  async askDelete(name: string): Promise<void> {
    await this.panel("Delete")
      .getByRole("button", { name: `Delete “${name}”…` })
      .click();
  }

  get confirmation(): Locator {
    return this.main.getByRole("alertdialog");
  }

  async confirm(): Promise<void> {
    await this.confirmation.getByRole("button", { name: "Delete", exact: true }).click();
  }
}
