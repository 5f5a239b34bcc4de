import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** `/dashboard/settings/profile-fields`: the fields' table and the Add Field form. */
export class ProfileFieldsDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/settings/profile-fields");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Profile fields, in their order" });
  }

  row(label: string): Locator {
    return this.table.getByRole("row", { name: label, exact: true });
  }

  /** The labels listed, in order. */
  async labels(): Promise<string[]> {
    return this.table.locator("tbody th > span:first-of-type").allTextContents();
  }

  /** Opens Add Field and fills it in; `submit` sends it. */
  async fillNewField(field: {
    label: string;
    apiName: string;
    type: string;
    options?: string[];
    visibility: string;
    userCards?: boolean;
  }): Promise<Locator> {
    const add = this.main
      .locator("details")
      .filter({ has: this.page.getByText("Add Field", { exact: true }) })
      .first();
    if ((await add.getAttribute("open")) === null) await add.locator("summary").click();
    await add.getByLabel("Label", { exact: true }).fill(field.label);
    await add.getByLabel("API name", { exact: true }).fill(field.apiName);
    await add.getByLabel("Type", { exact: true }).selectOption({ label: field.type });
    if (field.options) await add.getByLabel("Dropdown options", { exact: true }).fill(field.options.join("\n"));
    await add.getByLabel("Who sees it", { exact: true }).selectOption({ label: field.visibility });
    if (field.userCards) await add.getByLabel("Show on user cards", { exact: true }).check();
    return add.getByRole("button", { name: "Add Field", exact: true });
  }

  button(label: string, name: string): Locator {
    return this.row(label).getByRole("button", { name, exact: true });
  }
}

/** A member's profile as far as custom fields go: the values listed under the facts, and the user card's. */
export class ProfileFieldsView extends ParleyPage {
  goto(memberName: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(memberName)}`);
  }

  get profileValues(): Locator {
    return this.main.locator("[data-profile-fields=profiles]");
  }

  get cardValues(): Locator {
    return this.page.locator("[data-user-card] [data-profile-fields=userCards]");
  }

  get userCard(): Locator {
    return this.page.locator("[data-user-card]");
  }
}

/** `/profile/edit` as far as custom fields go: their fieldset, an input per field, and the form's Save. */
export class ProfileEditFieldsPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/edit");
  }

  get fieldset(): Locator {
    return this.main.getByRole("group", { name: "Profile Fields" });
  }

  field(label: string): Locator {
    return this.fieldset.getByLabel(label, { exact: true });
  }

  /** The error beside a field (the element its aria-describedby names with `-error`), or null. */
  async fieldError(label: string): Promise<string | null> {
    const ids = ((await this.field(label).getAttribute("aria-describedby")) ?? "").split(/\s+/);
    const errorId = ids.find((id) => id.endsWith("-error"));
    return errorId ? (await this.page.locator(`[id="${errorId}"]`).innerText()).trim() : null;
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save", exact: true });
  }
}
