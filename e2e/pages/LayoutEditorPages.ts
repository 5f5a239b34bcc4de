import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/dashboard/layouts`: every view type's default and the site's own layouts, with New layout, Edit, Duplicate, Delete. */
export class LayoutsListPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/dashboard/layouts");
  }

  /** The dashboard navigation's link to this page. */
  get navigationLink(): Locator {
    return this.page.getByRole("link", { name: "Layouts", exact: true });
  }

  /** A view type's group (by its heading: "Home page"…). */
  group(name: string): Locator {
    return this.main.getByRole("region", { name, exact: true });
  }

  newLayout(viewTypeName: string): Locator {
    return this.main.getByRole("link", { name: `New layout for ${viewTypeName}`, exact: true });
  }

  /** A layout's entry, by its heading (its name, "Applied" after it when it is). */
  layout(name: string): Locator {
    const heading = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( Applied)?$`);
    return this.main.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name: heading }) });
  }

  action(action: "Edit" | "Duplicate" | "Delete", layoutName: string): Locator {
    return this.main.getByRole(action === "Edit" ? "link" : "button", { name: `${action} ${layoutName}`, exact: true });
  }

  /** The second step of Delete, and its button. */
  get confirmDelete(): Locator {
    return this.main.getByRole("alertdialog").getByRole("button", { name: "Delete" });
  }

  get status(): Locator {
    return this.main.getByRole("status");
  }
}

/** `/dashboard/layouts/new?layoutViewType=` and `/dashboard/layouts/{id}/edit`: the layout editor. */
export class LayoutEditorPage extends ParleyPage {
  /** The editor's own id from the address (after the first save). */
  layoutID(): string {
    const match = /^\/dashboard\/layouts\/(\d+)\/edit$/.exec(new URL(this.page.url()).pathname);
    if (!match) throw new Error(`Not a layout editor's address: ${this.page.url()}`);
    return match[1]!;
  }

  get name(): Locator {
    return this.main.getByLabel("Layout name", { exact: true });
  }

  button(name: string): Locator {
    return this.main.getByRole("button", { name, exact: true });
  }

  /** "Preview on the site": the page of the layout's view type with `?layoutPreview=` (a new tab). */
  get sitePreviewLink(): Locator {
    return this.main.getByRole("link", { name: "Preview on the site", exact: true });
  }

  /** The outline's sections, top to bottom. */
  get sections(): Locator {
    return this.main
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { level: 2, name: /^Section \d+: / }) });
  }

  section(number: number): Locator {
    return this.main.getByRole("listitem", { name: new RegExp(`^Section ${number}: `) });
  }

  /** A slot of a section ("Main, bottom"…). */
  slot(section: number, name: string): Locator {
    return this.section(section).getByRole("group", { name, exact: true });
  }

  /** The widget names in a slot, in order. */
  widgetNames(section: number, slot: string): Promise<string[]> {
    return this.slot(section, slot)
      .getByRole("heading", { level: 4 })
      .evaluateAll((headings) => headings.map((heading) => heading.firstChild?.textContent ?? ""));
  }

  /** The section picker's choice, by the section's name ("Full width"…). */
  sectionChoice(name: string): Locator {
    return this.main
      .getByRole("group", { name: "Add a section" })
      .getByRole("button", { name: new RegExp(`^${name}`) });
  }

  /** A widget's drag handle (its name's row), by its name. */
  dragHandle(widget: string): Locator {
    return this.main.locator("[draggable=true]").filter({ hasText: new RegExp(`^${widget}, position`) });
  }

  /** Drags a widget by its handle onto a slot of a section (it goes to the slot's end). */
  async dragWidget(widget: string, section: number, slot: string): Promise<void> {
    await this.dragHandle(widget).dragTo(this.slot(section, slot).getByRole("heading", { level: 3 }));
  }

  /** The widget picker open in a slot: one of its choices, by the widget's name. */
  pickerChoice(section: number, slot: string, widget: string): Locator {
    return this.slot(section, slot).getByRole("button", { name: new RegExp(`^${widget}`) });
  }

  /** An option's field in an open widget options form. */
  option(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** The live region announcing each move. */
  get announcement(): Locator {
    return this.main.locator("p[aria-live=polite][role=status]");
  }

  /** The rendered preview. */
  get preview(): Locator {
    return this.main.getByRole("region", { name: "Preview" });
  }

  /** A text in the preview (inert: out of the accessibility tree, so found by its text). */
  previewText(text: string): Locator {
    return this.preview.getByText(text, { exact: true });
  }

  /** The editor's messages (saved, published, restored; or what went wrong). */
  get message(): Locator {
    return this.main.locator('p[role="status"]:not([aria-live]), p[role="alert"]');
  }

  get revisions(): Locator {
    return this.main.getByRole("region", { name: "Revisions" }).getByRole("listitem");
  }

  /** The open confirmation dialog's button. */
  dialogButton(name: string): Locator {
    return this.page.getByRole("dialog").getByRole("button", { name, exact: true });
  }

  /** The element with the keyboard focus: its accessible label or text. */
  focusedLabel(): Promise<string> {
    return this.page.evaluate(
      () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "",
    );
  }
}

/** A reading page as a visitor sees it: its headings in the main region. */
export class LayoutVisitorPage extends ParleyPage {
  mainHeading(name: string): Locator {
    return this.main.getByRole("heading", { name, exact: true });
  }

  mainText(text: string): Locator {
    return this.main.getByText(text, { exact: true });
  }
}
