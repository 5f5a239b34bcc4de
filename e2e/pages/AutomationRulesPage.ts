import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/**
 * `/dashboard/automation-rules`: the rules' table; `/dashboard/automation-rules/add` and a rule's page, with the
 * rule form (Preview, Add Rule or Save), Run now and the dispatch log.
 */
export class AutomationRulesPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/automation-rules");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Automation Rules" });
  }

  get addLink(): Locator {
    return this.main.getByRole("link", { name: "Add Rule", exact: true });
  }

  /** The rule form (Add's "The rule", a rule page's "Settings"). */
  form(name = "The rule"): Locator {
    return this.main.getByRole("form", { name });
  }

  field(label: RegExp): Locator {
    return this.form().getByLabel(label);
  }

  get previewButton(): Locator {
    return this.main.getByRole("button", { name: "Preview", exact: true });
  }

  get addButton(): Locator {
    return this.form().getByRole("button", { name: "Add Rule", exact: true });
  }

  get runButton(): Locator {
    return this.main.getByRole("button", { name: "Run now", exact: true });
  }

  /** The preview's list of the discussions the rule would change. */
  get previewList(): Locator {
    return this.main.getByRole("list", { name: "Discussions the rule would change" });
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** A rule's row in the table. */
  row(name: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  get dispatchLog(): Locator {
    return this.main.getByRole("table", { name: "Dispatch log" });
  }

  /** The dispatch log's rows (without its header row), newest first, as their cells' texts. */
  async dispatches(): Promise<string[][]> {
    const rows = this.dispatchLog.locator("tbody").getByRole("row");
    const count = await rows.count();
    const texts: string[][] = [];
    for (let i = 0; i < count; i++) texts.push(await rows.nth(i).getByRole("cell").allInnerTexts());
    return texts;
  }
}
