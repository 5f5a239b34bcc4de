import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/**
 * `/dashboard/categories`: the category tree with each category's move buttons, drag handle, edit and delete;
 * `/add` and `/{id}/edit`: the details and permissions form; `/{id}/delete`: the choice and its confirmation, then
 * `/{id}/delete/{jobTrackingID}`: the deletion's progress.
 */
export class CategoriesDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/categories");
  }

  get tree(): Locator {
    return this.main.getByRole("list", { name: "Categories", exact: true });
  }

  /** A category's item (its row and its subcategories' list). */
  item(name: string): Locator {
    return this.tree.getByRole("listitem", { name, exact: true });
  }

  /** A category's own row, without its subcategories. */
  row(name: string): Locator {
    return this.item(name).locator(":scope > div").first();
  }

  /** The names of a category's subcategories, in order (the top level's without a name). */
  async childrenOf(name?: string): Promise<string[]> {
    const list = name ? this.item(name).locator(":scope > ul") : this.tree;
    return list.locator(":scope > li").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")!));
  }

  moveButton(name: string, move: "Move up" | "Move down" | "Move in" | "Move out"): Locator {
    return this.row(name).getByRole("button", { name: move, exact: true });
  }

  /** Presses a move button from the keyboard: focus, then Enter. */
  async moveByKeyboard(name: string, move: "Move up" | "Move down" | "Move in" | "Move out"): Promise<void> {
    await this.moveButton(name, move).focus();
    await this.page.keyboard.press("Enter");
  }

  /** Drags a category by its handle onto the middle of another's row (inside it), with the mouse. */
  async dragInto(name: string, onto: string): Promise<void> {
    const handle = this.row(name).locator("[data-drag-handle]");
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await this.row(onto).boundingBox())!;
    const x = from.x + from.width / 2;
    await this.page.mouse.move(x, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(x, from.y + from.height / 2 + 10, { steps: 3 });
    await this.page.mouse.move(x, to.y + to.height / 2, { steps: 12 });
    await this.row(onto).and(this.page.locator("[data-drop=inside]")).waitFor();
    await this.page.mouse.up();
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  async addCategory(): Promise<void> {
    await this.main.getByRole("link", { name: "Add Category" }).click();
    await this.waitForPage("Add Category");
  }

  async fillDetails(details: { name?: string; urlcode?: string; description?: string; parent?: string }) {
    if (details.name !== undefined) await this.main.getByLabel("Name", { exact: true }).fill(details.name);
    if (details.urlcode !== undefined) await this.main.getByLabel("URL code", { exact: true }).fill(details.urlcode);
    if (details.description !== undefined) await this.main.getByLabel("Description").fill(details.description);
    if (details.parent !== undefined) {
      await this.main.getByLabel("Parent category").selectOption({ label: details.parent });
    }
  }

  async setFeatured(on: boolean): Promise<void> {
    await this.main.getByRole("checkbox", { name: /^Featured/ }).setChecked(on);
  }

  async setCustomPermissions(on: boolean): Promise<void> {
    await this.main.getByRole("checkbox", { name: "This category has its own permissions" }).setChecked(on);
  }

  /** A role's permission in the matrix ("Guest", "View"). */
  grant(role: string, permission: string): Locator {
    return this.main.getByRole("checkbox", { name: `${role}: ${permission}`, exact: true });
  }

  /** A category's icon or banner file field ("Icon", "Banner"). */
  imageInput(label: "Icon" | "Banner"): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** The category's current icon or banner, shown above its file field. */
  currentImage(label: "Icon" | "Banner"): Locator {
    return this.main.getByRole("img", { name: `Current ${label.toLowerCase()}`, exact: true });
  }

  async chooseImage(label: "Icon" | "Banner", file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.imageInput(label).setInputFiles(file);
  }

  /** A box of "Allowed post types" ("Discussion", "Question", "Idea"). */
  postType(label: string): Locator {
    return this.main
      .getByRole("group", { name: "Allowed post types" })
      .getByRole("checkbox", { name: label, exact: true });
  }

  async save(): Promise<void> {
    await this.main.getByRole("button", { name: "Save", exact: true }).click();
  }

  /** The error shown beside a field (its description). */
  async fieldError(label: string): Promise<string> {
    const id = await this.main.getByLabel(label, { exact: true }).getAttribute("aria-describedby");
    const ids = (id ?? "").split(" ").filter((part) => part.endsWith("-error"));
    return ids.length ? ((await this.page.locator(`[id="${ids[0]}"]`).textContent()) ?? "") : "";
  }

  async openDelete(name: string): Promise<void> {
    await this.row(name)
      .getByRole("link", { name: `Delete “${name}”` })
      .click();
    await this.waitForPage(`Delete “${name}”`);
  }

  /** The delete page's first step: move the discussions to `target`, or delete them (`null`). */
  async chooseContent(target: string | null): Promise<void> {
    if (target === null) {
      await this.main.getByRole("radio", { name: "Delete them with it" }).check();
    } else {
      await this.main.getByRole("radio", { name: "Move them to another category" }).check();
      await this.main.getByLabel("Move them to", { exact: true }).selectOption({ label: target });
    }
    await this.main.getByRole("button", { name: "Delete…" }).click();
  }

  get confirmation(): Locator {
    return this.main.getByRole("alertdialog");
  }

  async confirm(): Promise<void> {
    await this.confirmation.getByRole("button", { name: "Delete", exact: true }).click();
  }

  /** The deletion's progress bar, named by its label ("Discussions moved" or "Discussions deleted"). */
  deletionProgress(label: "Discussions moved" | "Discussions deleted"): Locator {
    return this.main.getByRole("progressbar", { name: label, exact: true });
  }

  /** "N of M discussions" under the bar. */
  get deletionCount(): Locator {
    return this.main.getByRole("status").filter({ hasText: / of \d[\d,]* discussions?$/ });
  }

  /** Waits (the page polls, or reloads itself without JavaScript) until the deletion says it is done. */
  async waitForDeletion(name: string): Promise<void> {
    await this.status(`“${name}” has been deleted.`).waitFor({ timeout: 30_000 });
  }

  async backToCategories(): Promise<void> {
    await this.main.getByRole("link", { name: "Back to Categories", exact: true }).click();
    await this.waitForPage("Categories");
  }
}
