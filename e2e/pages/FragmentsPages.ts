import type { FrameLocator, Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/**
 * `/dashboard/fragments`: the fragments' table; `/dashboard/fragments/add` and a fragment's editor, with the
 * disclosure, the code form (Preview, Save draft), the draft's preview frame, the commit dialog and the revisions.
 */
export class FragmentsPages extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/fragments");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Fragments" });
  }

  get addLink(): Locator {
    return this.main.getByRole("link", { name: "Add fragment", exact: true });
  }

  /** A fragment's row in the table, as its cells' texts. */
  async row(name: string): Promise<string[]> {
    const row = this.table.getByRole("row").filter({ has: this.page.getByRole("link", { name, exact: true }) });
    return [await row.getByRole("rowheader").innerText(), ...(await row.getByRole("cell").allInnerTexts())];
  }

  /** A fragment's name in the table: the link to its editor. */
  fragmentLink(name: string): Locator {
    return this.table.getByRole("link", { name, exact: true });
  }

  /** A fragment placed on a page (a custom page, a layout), by its frame's title: the frame and its document. */
  placedFragment(title: string): { frame: Locator; content: FrameLocator } {
    const selector = `main#content iframe[data-fragment][title="${title}"]`;
    return { frame: this.page.locator(selector), content: this.page.frameLocator(selector) };
  }

  get disclosure(): Locator {
    return this.main.getByRole("form", { name: "Custom code", exact: true });
  }

  get acceptButton(): Locator {
    return this.disclosure.getByRole("button", { name: "I understand", exact: true });
  }

  get codeForm(): Locator {
    return this.main.getByRole("form", { name: "Code", exact: true });
  }

  field(label: RegExp): Locator {
    return this.codeForm.getByLabel(label);
  }

  get previewButton(): Locator {
    return this.codeForm.getByRole("button", { name: "Preview", exact: true });
  }

  get saveButton(): Locator {
    return this.codeForm.getByRole("button", { name: "Save draft", exact: true });
  }

  get commitLink(): Locator {
    return this.main.getByRole("link", { name: "Commit", exact: true });
  }

  get commitDialog(): Locator {
    return this.main.getByRole("dialog", { name: "Commit the draft" });
  }

  get commitButton(): Locator {
    return this.commitDialog.getByRole("button", { name: "Commit", exact: true });
  }

  /** The draft's preview frame (the element) and its document. */
  get previewFrame(): Locator {
    return this.main.locator("iframe[data-fragment]");
  }

  get preview(): FrameLocator {
    return this.page.frameLocator("main#content iframe[data-fragment]");
  }

  /** The revisions' rows (without the header row), newest first, as their cells' texts. */
  async revisions(): Promise<string[][]> {
    const rows = this.main.getByRole("table", { name: "Revisions" }).locator("tbody").getByRole("row");
    const texts: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) texts.push(await rows.nth(i).getByRole("cell").allInnerTexts());
    return texts;
  }

  restoreButton(commitMessage: string): Locator {
    return this.main.getByRole("button", { name: `Restore “${commitMessage}”`, exact: true });
  }

  /** The page's status badge (beside the title). */
  get status(): Locator {
    return this.main.locator("h1 + span");
  }

  alert(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** A frame's height as laid out (px). */
  static height(frame: Locator): Promise<number> {
    return frame.evaluate((element) => Math.round(element.getBoundingClientRect().height));
  }
}
