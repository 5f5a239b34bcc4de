import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** What the two post types pages share: a table of rows by name, and an Add form in a disclosure. */
abstract class PostTypesDashboardBase extends DashboardPage {
  protected abstract readonly tableName: string;
  protected abstract readonly addName: string;

  get table(): Locator {
    return this.main.getByRole("table", { name: this.tableName, exact: true });
  }

  row(name: string): Locator {
    return this.table.getByRole("row", { name, exact: true });
  }

  /** The Add disclosure, opened. */
  async openAdd(): Promise<Locator> {
    const add = this.main
      .locator("details")
      .filter({ has: this.page.getByText(this.addName, { exact: true }) })
      .first();
    if ((await add.getAttribute("open")) === null) await add.locator("summary").click();
    return add;
  }

  get addButton(): Locator {
    return this.main.getByRole("button", { name: this.addName, exact: true });
  }

  saved(name: string): Locator {
    return this.main.getByText(`“${name}” has been saved.`, { exact: true });
  }
}

/** `/dashboard/settings/post-fields`: the post fields and Add Field. */
export class PostFieldsDashboardPage extends PostTypesDashboardBase {
  protected readonly tableName = "Post fields";
  protected readonly addName = "Add Field";

  override goto(): Promise<Response> {
    return this.open("/dashboard/settings/post-fields");
  }

  /** Opens Add Field and fills it in; the caller submits with `submitAndWait(addButton)`. */
  async fillNewField(field: {
    label: string;
    id: string;
    type: string;
    options?: string[];
    visibility: string;
    required?: boolean;
  }): Promise<void> {
    const add = await this.openAdd();
    await add.getByLabel("Label", { exact: true }).fill(field.label);
    await add.getByLabel("ID", { exact: true }).fill(field.id);
    await add.getByLabel("Type", { exact: true }).selectOption({ label: field.type });
    if (field.options) await add.getByLabel("Dropdown options", { exact: true }).fill(field.options.join("\n"));
    await add.getByLabel("Who sees it", { exact: true }).selectOption({ label: field.visibility });
    if (field.required) await add.getByLabel("Required", { exact: true }).check();
  }
}

/** `/dashboard/settings/post-types`: the post types and Add Post Type. */
export class PostTypesDashboardPage extends PostTypesDashboardBase {
  protected readonly tableName = "Post types";
  protected readonly addName = "Add Post Type";

  override goto(): Promise<Response> {
    return this.open("/dashboard/settings/post-types");
  }

  /** Opens Add Post Type and fills it in: its categories and fields checked by name. */
  async fillNewType(type: {
    name: string;
    id: string;
    kindOf: string;
    buttonLabel: string;
    helperText: string;
    categories: string[];
    fields: string[];
  }): Promise<void> {
    const add = await this.openAdd();
    await add.getByLabel("Name", { exact: true }).fill(type.name);
    await add.getByLabel("ID", { exact: true }).fill(type.id);
    await add.getByLabel("Kind of", { exact: true }).selectOption({ label: type.kindOf });
    await add.getByLabel("Post button label", { exact: true }).fill(type.buttonLabel);
    await add.getByLabel("Helper text", { exact: true }).fill(type.helperText);
    for (const name of type.categories)
      await add
        .getByRole("group", { name: "Categories that take it" })
        .getByRole("checkbox", { name, exact: true })
        .check();
    for (const name of type.fields)
      await add.getByRole("group", { name: "Its fields" }).getByRole("checkbox", { name, exact: true }).check();
  }
}
