import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/settings/email`: the sender, the SMTP server, a test e-mail and the outbox. */
export class EmailSettingsPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/settings/email");
  }

  /** The sentence saying where mail goes now. */
  get delivery(): Locator {
    return this.main.getByTestId("email-delivery");
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save" });
  }

  /** Saves the settings and waits for the write. */
  async save(): Promise<void> {
    await this.submitAndWait(this.saveButton);
  }

  get forgetPassword(): Locator {
    return this.main.getByRole("checkbox", { name: "Forget the stored password" });
  }

  /** The test e-mail's form. */
  get testForm(): Locator {
    return this.main.getByRole("form", { name: "Send a Test E-mail" });
  }

  async sendTest(address: string): Promise<void> {
    await this.testForm.getByLabel("Send To").fill(address);
    await this.testForm.getByRole("button", { name: "Send" }).click();
  }

  /** A success message of the page. */
  status(text: string | RegExp): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** A refusal of the page. */
  alert(text: string | RegExp): Locator {
    return this.main.getByRole("alert").filter({ hasText: text });
  }

  /** The error shown beside a field (its description). */
  async fieldError(label: string): Promise<string> {
    const described = (await this.field(label).getAttribute("aria-describedby")) ?? "";
    const errorID = described.split(" ").find((id) => id.endsWith("-error"));
    return errorID ? ((await this.page.locator(`[id="${errorID}"]`).textContent()) ?? "") : "";
  }

  get outbox(): Locator {
    return this.main.getByRole("region", { name: "Outbox" });
  }

  /** The outbox's messages: each one's summary line. */
  async outboxSubjects(): Promise<string[]> {
    return this.outbox.locator("summary").allInnerTexts();
  }

  /** The digest's settings. */
  get digest(): Locator {
    return this.main.getByRole("group", { name: "Email Digest" });
  }
}
