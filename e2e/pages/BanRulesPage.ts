import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** `/dashboard/users/bans`: the ban rules, the add (or edit) form, each rule's Edit link and Delete button. */
export class BanRulesPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/users/bans");
  }

  get list(): Locator {
    return this.main.getByRole("list", { name: "Ban rules" });
  }

  /** The rule whose value is `value` (its list item). */
  rule(value: string): Locator {
    return this.list.getByRole("listitem").filter({ has: this.page.getByText(value, { exact: true }) });
  }

  /** Fills the add (or edit) form; the caller submits with `submitAndWait(addButton)`. */
  async fill(type: "IP address" | "E-mail" | "Name", value: string, notes = ""): Promise<void> {
    await this.main.getByLabel("Type").selectOption({ label: type });
    await this.main.getByLabel("Value").fill(value);
    await this.main.getByLabel("Notes").fill(notes);
  }

  /** "Also ban the members it matches now" (the add form only). */
  get banMatchingMembers(): Locator {
    return this.main.getByLabel(/Also ban the members it matches now/);
  }

  /** The form's "Expires" day (empty: never). */
  get expires(): Locator {
    return this.main.getByLabel("Expires", { exact: true });
  }

  get addButton(): Locator {
    return this.main.getByRole("button", { name: "Add Rule" });
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save Rule" });
  }

  editLink(value: string): Locator {
    return this.main.getByRole("link", { name: `Edit “${value}”` });
  }

  deleteButton(value: string): Locator {
    return this.main.getByRole("button", { name: `Delete “${value}”` });
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** The error beside the value field, or the form's message. */
  get valueError(): Locator {
    return this.main.locator('[id$="-error"]').first();
  }
}

/** The IP addresses panel on a member's profile (moderators only). */
export class ProfileIpAddressesPanel extends ParleyPage {
  openProfile(name: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(name)}`);
  }

  get panel(): Locator {
    return this.main.getByRole("region", { name: "IP Addresses" });
  }

  /** One address's entry. */
  address(ip: string): Locator {
    return this.panel.getByRole("listitem").filter({ hasText: ip });
  }

  /** The other accounts listed at an address. */
  async othersAt(ip: string): Promise<string[]> {
    return this.address(ip).getByRole("link").allTextContents();
  }

  banButton(ip: string): Locator {
    return this.panel.getByRole("button", { name: `Ban this address (${ip})` });
  }
}
