import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/dashboard/users/applicants`: the applications to join, each with its reason, Approve and Decline. */
export class ApplicantsPage extends ParleyPage {
  /** Opens the page from the title bar: the My Account menu, then its Applicants link. */
  async openFromAccountMenu(): Promise<void> {
    await this.page.getByRole("button", { name: /^My Account/ }).click();
    await this.page.getByRole("link", { name: "Applicants" }).click();
  }

  /** An applicant's entry, by their name. */
  applicant(name: string): Locator {
    return this.page.getByRole("listitem", { name });
  }

  approveButton(name: string): Locator {
    return this.applicant(name).getByRole("button", { name: "Approve" });
  }
}
