import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** The groups of role boxes, by their headings. */
export type DefaultRolesGroup = "New members get" | "Members waiting to confirm their e-mail get" | "Applicants get";

/** `/dashboard/settings/registration`: the method, confirm e-mail and the roles each kind of registration gives. */
export class RegistrationSettingsPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/settings/registration");
  }

  /** A method's radio button, by its name ("Basic", "Approval" …; its description follows the name). */
  method(name: string): Locator {
    return this.main.getByRole("radio", { name: new RegExp(`^${name}\\b`) });
  }

  async chooseMethod(name: string): Promise<void> {
    await this.method(name).check();
  }

  get confirmEmail(): Locator {
    return this.main.getByRole("checkbox", {
      name: "New members confirm their e-mail address before they may post",
    });
  }

  /** A group of role boxes (its fieldset, named by its legend). */
  rolesGroup(group: DefaultRolesGroup): Locator {
    return this.main.getByRole("group", { name: group, exact: true });
  }

  role(group: DefaultRolesGroup, name: string): Locator {
    return this.rolesGroup(group).getByRole("checkbox", { name, exact: true });
  }

  /** Checks or unchecks a role's box in a group. */
  async setRole(group: DefaultRolesGroup, name: string, on: boolean): Promise<void> {
    await this.role(group, name).setChecked(on);
  }

  /** The roles checked in a group, in the page's order. */
  async checkedRoles(group: DefaultRolesGroup): Promise<string[]> {
    const boxes = this.rolesGroup(group).getByRole("checkbox");
    const names: string[] = [];
    for (let index = 0; index < (await boxes.count()); index++) {
      const box = boxes.nth(index);
      if (await box.isChecked()) names.push((await box.locator("..").innerText()).trim());
    }
    return names;
  }

  /** The error shown beside a group (its description's `-error` part), or "". */
  async groupError(group: DefaultRolesGroup): Promise<string> {
    const described = (await this.rolesGroup(group).getAttribute("aria-describedby")) ?? "";
    const errorID = described.split(" ").find((id) => id.endsWith("-error"));
    return errorID ? ((await this.page.locator(`[id="${errorID}"]`).textContent()) ?? "") : "";
  }

  /** The New Members section (its fieldset). */
  get newMembers(): Locator {
    return this.main.getByRole("group", { name: "New Members", exact: true });
  }

  /** A limit for new members by its label ("Links in a post", "Trusted after days" …). */
  newMemberLimit(label: string): Locator {
    return this.newMembers.getByRole("spinbutton", { name: label, exact: true });
  }

  get newMembersMayMessage(): Locator {
    return this.newMembers.getByRole("checkbox", { name: "New members may send private messages" });
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save" });
  }

  /** Presses Save (a refusal by the page itself sends nothing: see `saveAndWait`). */
  async save(): Promise<void> {
    await this.saveButton.click();
  }

  /** Presses Save and waits for the write. */
  async saveAndWait(): Promise<void> {
    await this.submitAndWait(this.saveButton);
  }

  /** A success message of the page. */
  status(text: string | RegExp): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** A refusal of the whole form. */
  alert(text: string | RegExp): Locator {
    return this.main.getByRole("alert").filter({ hasText: text });
  }
}
