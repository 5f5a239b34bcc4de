import type { Locator, Page } from "playwright-core";

/** The members' report dialog ("Report Comment", "Report Message"): a reason, an optional note, "Send Report". */
export class ReportDialog {
  constructor(
    readonly page: Page,
    /** The dialog's title. */
    readonly title: string,
  ) {}

  get dialog(): Locator {
    return this.page.getByRole("dialog", { name: this.title });
  }

  /** A reason offered, by the start of its label. */
  reason(name: RegExp): Locator {
    return this.dialog.getByRole("radio", { name });
  }

  /** Picks a reason, writes the note and sends the report. */
  async send(reason: RegExp, note: string): Promise<void> {
    await this.reason(reason).check();
    await this.dialog.getByRole("textbox", { name: "Note (optional)" }).fill(note);
    await this.dialog.getByRole("button", { name: "Send Report" }).click();
  }

  /** The confirmation shown once the report is sent. */
  get sentNotice(): Locator {
    return this.page.getByText("Thank you. Your report has been sent to the moderators.", { exact: true });
  }
}
