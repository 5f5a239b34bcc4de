import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { TitleBarPage } from "./TitleBarPage.ts";

/** `/dashboard/pages` (Appearance): the custom pages' table and the Add Page form. */
export class CustomPagesDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/pages");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Pages" });
  }

  row(title: string): Locator {
    return this.table.getByRole("row", { name: title, exact: true });
  }

  /** The Add Page form (the one whose button says so). */
  get addForm(): Locator {
    return this.main.locator("form").filter({ has: this.page.getByRole("button", { name: "Add Page", exact: true }) });
  }

  get addButton(): Locator {
    return this.addForm.getByRole("button", { name: "Add Page", exact: true });
  }

  /** Fills Add Page in; the caller submits with `submitAndWait(addButton)`. */
  async fillNewPage(page: {
    title: string;
    address: string;
    description: string;
    published: boolean;
    inNavigation: boolean;
  }): Promise<void> {
    await this.addForm.getByLabel("Title", { exact: true }).fill(page.title);
    await this.addForm.getByLabel("Address", { exact: true }).fill(page.address);
    await this.addForm.getByLabel("Description", { exact: true }).fill(page.description);
    await this.addForm
      .getByLabel("Status", { exact: true })
      .selectOption({ label: page.published ? "Published" : "Not published" });
    await this.addForm.getByLabel("Show in the title bar's navigation", { exact: true }).setChecked(page.inNavigation);
  }

  /** The add form's field, to read its state (`aria-invalid`) and what describes it. */
  field(label: string): Locator {
    return this.addForm.getByLabel(label, { exact: true });
  }

  /** A message in the add form (a field's error). */
  formText(text: string): Locator {
    return this.addForm.getByText(text, { exact: true });
  }

  /** A form-level confirmation ("… has been saved at /about."). */
  get status(): Locator {
    return this.main.getByRole("status");
  }

  /** A row's links: "View page" and "Edit layout". */
  rowLink(title: string, name: "View page" | "Edit layout"): Locator {
    return this.row(title).getByRole("link", { name, exact: true });
  }
}

/** A custom page at its own address: its heading, content, and the fragments framed on it. */
export class CustomPageView extends TitleBarPage {
  goto(path: string): Promise<Response> {
    return this.open(path);
  }

  /** The title bar's navigation link to a page. */
  navigationLink(name: string): Locator {
    return this.mainNavigation.getByRole("link", { name, exact: true });
  }

  get notPublishedNotice(): Locator {
    return this.main.getByRole("note");
  }

  /** A fragment's frame, by its title. */
  fragment(title: string): Locator {
    return this.main.getByTitle(title, { exact: true });
  }

  /** Text the fragment's code drew inside its frame. */
  fragmentText(title: string, text: string): Locator {
    return this.fragment(title).contentFrame().getByText(text, { exact: true });
  }

  get fragmentError(): Locator {
    return this.main.getByRole("alert").filter({ hasText: "Error Loading Fragment" });
  }

  /** The page's meta description. */
  async metaDescription(): Promise<string | null> {
    return this.page.locator('meta[name="description"]').getAttribute("content");
  }
}
