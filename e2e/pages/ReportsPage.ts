import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/dashboard/content/reports`: the moderators' queue of reported posts, with its status filter. */
export class ReportsPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/dashboard/content/reports");
  }

  /** A reported post's entry, by the text it shows. */
  report(text: string): Locator {
    return this.page.getByRole("listitem").filter({ hasText: text });
  }

  dismissButton(text: string): Locator {
    return this.report(text).getByRole("button", { name: "Dismiss" });
  }

  /** Shows the reports of one status ("dismissed", …) with the filter form. */
  async filterByStatus(status: string): Promise<void> {
    await this.page.getByRole("combobox", { name: "Status" }).selectOption(status);
    await this.page.getByRole("button", { name: "Filter" }).click();
  }
}
