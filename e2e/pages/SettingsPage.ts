import type { Locator, Response } from "playwright-core";
import { AccountMenuLink } from "./ParleyPage.ts";
import { TitleBarPage } from "./TitleBarPage.ts";

/** `/dashboard/settings`: the site settings form, and its link in the My Account menu. */
export class SettingsPage extends TitleBarPage {
  goto(): Promise<Response> {
    return this.open("/dashboard/settings");
  }

  get menuLink(): AccountMenuLink {
    return new AccountMenuLink(this, "Site Settings");
  }

  get form(): Locator {
    return this.main.locator("form");
  }

  get siteTitle(): Locator {
    return this.main.getByLabel("Site Title");
  }

  get siteDescription(): Locator {
    return this.main.getByLabel("Site Description");
  }

  get editWindow(): Locator {
    return this.main.getByLabel("Editing Posts");
  }

  feature(label: string): Locator {
    return this.main.getByRole("checkbox", { name: label });
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save" });
  }

  get saved(): Locator {
    return this.main.getByRole("status").filter({ hasText: "Your changes have been saved." });
  }

  /** The form's link to the Registration page, where the method is set. */
  get registrationLink(): Locator {
    return this.form.getByRole("link", { name: "Registration", exact: true });
  }

  /** The link to another settings page ("Report Reasons"). */
  settingsLink(name: string): Locator {
    return this.main.getByRole("link", { name });
  }

  /** The form's transient key (what a browser's form post carries against CSRF). */
  transientKey(): Promise<string> {
    return this.page.locator('input[name="transientKey"]').inputValue();
  }

  /** The site title as the title bar's logo link shows it. */
  logoNamed(title: string): Locator {
    return this.titleBar.getByRole("link", { name: title, exact: true });
  }
}
