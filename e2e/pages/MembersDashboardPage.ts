import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/users`: the members table and its filters; `/dashboard/users/{id}`: a member's edit panel. */
export class MembersDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/users");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Members" });
  }

  /** A member's row, by the name in its first cell. */
  row(name: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByRole("rowheader", { name, exact: true }) });
  }

  /** The names listed, in order. */
  async names(): Promise<string[]> {
    return this.table.getByRole("rowheader").allTextContents();
  }

  /** The column headings, in order. */
  async columns(): Promise<string[]> {
    return (await this.table.getByRole("columnheader").allInnerTexts()).map((text) => text.replace(/ [↑↓]$/, ""));
  }

  /** A row's cells after the name, as shown (not its selection checkbox). */
  async cells(name: string): Promise<string[]> {
    return this.row(name)
      .getByRole("cell")
      .filter({ hasNot: this.page.getByRole("checkbox") })
      .allInnerTexts();
  }

  async find(text: string, filters: { role?: string; banned?: "Banned" | "Not banned" } = {}): Promise<void> {
    await this.main.getByRole("textbox", { name: /starts with/ }).fill(text);
    if (filters.role) await this.main.getByLabel("Role", { exact: true }).selectOption({ label: filters.role });
    if (filters.banned) await this.main.getByLabel("Banned", { exact: true }).selectOption({ label: filters.banned });
    await this.main.getByRole("button", { name: "Find" }).click();
  }

  /** Sorts by a column, by its heading's link. */
  async sortBy(column: string): Promise<void> {
    await this.table.getByRole("columnheader").getByRole("link", { name: column }).click();
  }

  /** How a column sorts (`ascending`, `descending`), or null when the list is not sorted by it. */
  async sortOf(column: string): Promise<string | null> {
    return this.table.getByRole("columnheader").filter({ hasText: column }).getAttribute("aria-sort");
  }

  /** Opens a member's edit panel from their row. */
  async edit(name: string): Promise<void> {
    await this.row(name)
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    await this.waitForPage(name);
  }

  openMember(userID: number): Promise<Response> {
    return this.open(`/dashboard/users/${userID}`);
  }

  panel(
    name: "Details" | "Roles" | "Password" | "Sessions" | "Two-Factor Authentication" | "Ban" | "Banned" | "Delete",
  ): Locator {
    return this.main.getByRole("region", { name, exact: true });
  }

  async rename(name: string): Promise<void> {
    await this.panel("Details").getByLabel("Name", { exact: true }).fill(name);
    await this.panel("Details").getByRole("button", { name: "Save" }).click();
  }

  fieldError(panel: "Details", text: string): Locator {
    return this.panel(panel).getByText(text);
  }

  async setRoles(roles: Record<string, boolean>): Promise<void> {
    const panel = this.panel("Roles");
    for (const [role, checked] of Object.entries(roles)) {
      await panel.getByRole("checkbox", { name: role, exact: true }).setChecked(checked);
    }
    await panel.getByRole("button", { name: "Save Roles" }).click();
  }

  async checkedRoles(): Promise<string[]> {
    const boxes = await this.panel("Roles").getByRole("checkbox").all();
    const names: string[] = [];
    for (const box of boxes) {
      if (await box.isChecked()) names.push((await box.locator("..").innerText()).trim());
    }
    return names;
  }

  /** Bans the member, with a reason and a duration ("1 week", …) when given. */
  async ban(name: string, options: { reason?: string; for?: string } = {}): Promise<void> {
    const panel = this.panel("Ban");
    if (options.reason !== undefined) await panel.getByLabel("Reason").fill(options.reason);
    if (options.for !== undefined) await panel.getByLabel("For").selectOption({ label: options.for });
    await panel.getByRole("button", { name: `Ban ${name}` }).click();
  }

  /** The ban's details as the Banned panel lists them: term → value. */
  async banDetails(): Promise<Record<string, string>> {
    const list = this.panel("Banned").getByTestId("ban-details");
    const terms = await list.locator("dt").allInnerTexts();
    const values = await list.locator("dd").allInnerTexts();
    return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? ""]));
  }

  async unban(name: string): Promise<void> {
    await this.panel("Banned")
      .getByRole("button", { name: `Unban ${name}` })
      .click();
  }

  async confirmEmail(): Promise<void> {
    await this.panel("Details").getByRole("button", { name: "Confirm E-mail" }).click();
  }

  /** Asks to delete the member (the first step: the confirmation follows). */
  async askDelete(name: string, posts: "Keep their posts" | "Keep their posts, blanked" | "Delete their posts") {
    await this.panel("Delete").getByLabel("Their posts").selectOption({ label: posts });
    await this.panel("Delete")
      .getByRole("button", { name: `Delete ${name}…` })
      .click();
  }

  get confirmation(): Locator {
    return this.main.getByRole("alertdialog");
  }

  async confirm(): Promise<void> {
    await this.confirmation.getByRole("button", { name: "Delete" }).click();
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** The Password panel's "Send a Password Reset E-mail". */
  async sendPasswordReset(): Promise<void> {
    await this.panel("Password").getByRole("button", { name: "Send a Password Reset E-mail" }).click();
  }

  /** The Sessions panel's line: how many browsers the member is signed in on. */
  get sessionsSummary(): Locator {
    return this.panel("Sessions").getByTestId("sessions-summary");
  }

  /** The member's sessions as listed, one line each. */
  async sessions(): Promise<string[]> {
    return this.panel("Sessions").getByRole("listitem").allInnerTexts();
  }

  /** The Two-Factor Authentication panel's line: whether it is on. */
  get twoFactorSummary(): Locator {
    return this.panel("Two-Factor Authentication").getByTestId("two-factor-summary");
  }

  /** "Turn Off Two-Factor Authentication…": the first step (the confirmation follows). */
  async askResetTwoFactor(): Promise<void> {
    await this.panel("Two-Factor Authentication")
      .getByRole("button", { name: "Turn Off Two-Factor Authentication…" })
      .click();
  }

  /** "Sign Out Everywhere…": the first step (the confirmation follows). */
  async askSignOutEverywhere(): Promise<void> {
    await this.panel("Sessions").getByRole("button", { name: "Sign Out Everywhere…" }).click();
  }

  /** Confirms the open confirmation with its button of that name. */
  async confirmWith(label: string): Promise<void> {
    await this.confirmation.getByRole("button", { name: label, exact: true }).click();
  }

  /** The bulk bar above the table. */
  get bulkBar(): Locator {
    return this.main.getByRole("region", { name: "Bulk actions", exact: true });
  }

  /** What the bulk bar says of the selection ("2 members selected."). */
  get bulkCount(): Locator {
    return this.bulkBar.getByTestId("bulk-count");
  }

  /** A row's selection checkbox. */
  selectBox(name: string): Locator {
    return this.table.getByRole("checkbox", { name: `Select ${name}`, exact: true });
  }

  get selectAllBox(): Locator {
    return this.table.getByRole("checkbox", { name: "Select all members on this page" });
  }

  /** Checks a row by the keyboard: its checkbox focused, then Space. */
  async selectByKeyboard(name: string): Promise<void> {
    await this.selectBox(name).focus();
    await this.page.keyboard.press("Space");
  }

  async select(name: string): Promise<void> {
    await this.selectBox(name).check();
  }

  /**
   * Chooses a bulk action and its details in the bar, then Apply (by the keyboard when asked: each control
   * focused and set from the keyboard, Enter on Apply).
   */
  async bulk(
    action: "Add a role" | "Remove a role" | "Ban" | "Delete",
    details: { role?: string; reason?: string; for?: string; posts?: string } = {},
    options: { keyboard?: boolean } = {},
  ): Promise<void> {
    const bar = this.bulkBar;
    await bar.getByLabel("With the selected members").selectOption({ label: action });
    if (details.role) await bar.getByLabel("Role", { exact: true }).selectOption({ label: details.role });
    if (details.reason !== undefined) await bar.getByLabel("Ban reason").fill(details.reason);
    if (details.for) await bar.getByLabel("Ban for").selectOption({ label: details.for });
    if (details.posts) await bar.getByLabel("Their posts").selectOption({ label: details.posts });
    const apply = bar.getByRole("button", { name: "Apply" });
    if (options.keyboard) {
      await apply.focus();
      await this.page.keyboard.press("Enter");
    } else await apply.click();
  }

  /** The bulk bar's refusal (role=alert). */
  get bulkAlert(): Locator {
    return this.bulkBar.getByRole("alert");
  }
}
