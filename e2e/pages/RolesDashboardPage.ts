import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/dashboard/roles`: the roles; `/dashboard/roles/{id}` and `/dashboard/roles/add`: a role and its permissions. */
export class RolesDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/roles");
  }

  openRole(roleID: number | "add"): Promise<Response> {
    return this.open(`/dashboard/roles/${roleID}`);
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Roles" });
  }

  /** The roles listed, in order. */
  async names(): Promise<string[]> {
    return this.table.getByRole("rowheader").allTextContents();
  }

  /** A role's cells after its name (description, default type, kind, members). */
  async cells(name: string): Promise<string[]> {
    return this.table
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name, exact: true }) })
      .getByRole("cell")
      .allInnerTexts();
  }

  async addRole(): Promise<void> {
    await this.main.getByRole("link", { name: "Add Role" }).click();
    await this.waitForPage("Add Role");
  }

  async edit(name: string): Promise<void> {
    await this.table.getByRole("link", { name, exact: true }).click();
    await this.waitForPage(name);
  }

  panel(name: "Details" | "Permissions" | "Categories with their own permissions" | "Delete"): Locator {
    return this.main.getByRole("region", { name, exact: true });
  }

  async fillDetails(details: { name?: string; description?: string; type?: string }): Promise<void> {
    const panel = this.panel("Details");
    if (details.name !== undefined) await panel.getByLabel("Name", { exact: true }).fill(details.name);
    if (details.description !== undefined) await panel.getByLabel("Description").fill(details.description);
    if (details.type !== undefined) await panel.getByLabel("Default type").selectOption({ label: details.type });
  }

  /** A global permission's box, by its API name (printed beside its label). */
  permission(name: string): Locator {
    return this.panel("Permissions").getByRole("checkbox", { name: new RegExp(`(^|\\s)${escape(name)}$`) });
  }

  /** A per-category permission's box in a category's column, by the permission's label and the category's name. */
  categoryPermission(label: string, category: string): Locator {
    return this.panel("Categories with their own permissions").getByRole("checkbox", {
      name: `${label} in ${category}`,
      exact: true,
    });
  }

  /** The areas of the global permissions, by their legends. */
  async areas(): Promise<string[]> {
    return this.panel("Permissions")
      .getByRole("group")
      .evaluateAll((groups) => groups.map((group) => group.querySelector("legend")?.textContent ?? ""));
  }

  async setPermissions(grants: Record<string, boolean>): Promise<void> {
    for (const [name, on] of Object.entries(grants)) await this.permission(name).setChecked(on);
  }

  async save(label: "Save" | "Add Role" = "Save"): Promise<void> {
    await this.main.getByRole("button", { name: label, exact: true }).click();
  }

  fieldError(text: string): Locator {
    return this.panel("Details").getByText(text, { exact: true });
  }

  /** The first step of deleting a role; `giveTo` picks the role its members are given instead. */
  async askDelete(name: string, giveTo?: string): Promise<void> {
    if (giveTo !== undefined)
      await this.panel("Delete").getByLabel("Give its members another role").selectOption({ label: giveTo });
    await this.panel("Delete")
      .getByRole("button", { name: `Delete “${name}”…` })
      .click();
  }

  get confirmation(): Locator {
    return this.main.getByRole("alertdialog");
  }

  async confirm(): Promise<void> {
    await this.confirmation.getByRole("button", { name: "Delete", exact: true }).click();
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  alert(text: string): Locator {
    return this.main.getByRole("alert").filter({ hasText: text });
  }
}
