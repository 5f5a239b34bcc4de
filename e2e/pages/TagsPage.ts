import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/tags`: the tags list, its add and find forms, each tag's edit forms and the confirmations. */
export class TagsPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/tags");
  }

  get list(): Locator {
    return this.main.getByRole("list", { name: "Tags" });
  }

  tag(name: string): Locator {
    return this.list.getByRole("listitem", { name, exact: true });
  }

  /** The names listed, in order. */
  async tagNames(): Promise<string[]> {
    return this.list.locator("strong").allTextContents();
  }

  /** What a tag's line says of it: "urlcode · N discussions". */
  async facts(name: string): Promise<string> {
    return (await this.tag(name).locator("span").first().textContent()) ?? "";
  }

  async add(name: string): Promise<void> {
    await this.main.getByLabel("New tag").fill(name);
    await this.main.getByRole("button", { name: "Add Tag" }).click();
  }

  async find(prefix: string): Promise<void> {
    await this.main.getByLabel("Find tags starting with").fill(prefix);
    await this.main.getByRole("button", { name: "Find" }).click();
  }

  /** Opens a tag's edit forms (the "Edit …" disclosure). */
  async edit(name: string): Promise<Locator> {
    const item = this.tag(name);
    const details = item.locator("details");
    if ((await details.getAttribute("open")) === null) await item.getByText(`Edit “${name}”`).click();
    return item;
  }

  async rename(name: string, to: string): Promise<void> {
    const item = await this.edit(name);
    await item.getByLabel("Name", { exact: true }).fill(to);
    await item.getByRole("button", { name: "Rename" }).click();
  }

  /** Asks to merge a tag into another (the first step: the confirmation follows). */
  async askMerge(name: string, into: string): Promise<void> {
    const item = await this.edit(name);
    await item.getByLabel("Merge into the tag named").fill(into);
    await item.getByRole("button", { name: "Merge…" }).click();
  }

  async askDelete(name: string): Promise<void> {
    const item = await this.edit(name);
    await item.getByRole("button", { name: "Delete…" }).click();
  }

  get confirmation(): Locator {
    return this.main.getByRole("alertdialog");
  }

  /** A field's error under a tag's edit forms. */
  fieldError(name: string, text: string): Locator {
    return this.tag(name).getByText(text);
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }
}
