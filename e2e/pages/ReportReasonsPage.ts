import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/dashboard/settings/report-reasons`: the reasons members may give, each editable, and a form to add one. */
export class ReportReasonsPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/dashboard/settings/report-reasons");
  }

  get reasons(): Locator {
    return this.page.getByRole("list", { name: "Report Reasons" });
  }

  /** A reason's entry (its own form: Name, Description, Save, Delete), by its id. */
  reason(reportReasonID: string): Locator {
    return this.page.locator(`li[data-reason-id="${reportReasonID}"]`);
  }

  /** The form that adds a reason. */
  get addForm(): Locator {
    return this.main.locator("form").filter({ has: this.page.locator('input[name="intent"][value="add"]') });
  }

  /** Fills the add form; `add()` sends it. */
  async fillNewReason(name: string, description?: string): Promise<void> {
    await this.addForm.getByLabel("Name").fill(name);
    if (description !== undefined) await this.addForm.getByLabel("Description").fill(description);
  }

  get addButton(): Locator {
    return this.addForm.getByRole("button", { name: "Add" });
  }

  async rename(reportReasonID: string, name: string): Promise<void> {
    await this.reason(reportReasonID).getByLabel("Name").fill(name);
    await this.reason(reportReasonID).getByRole("button", { name: "Save" }).click();
  }

  async deleteReason(reportReasonID: string, name: string): Promise<void> {
    await this.reason(reportReasonID)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
  }
}
