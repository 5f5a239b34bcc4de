import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/addons`: the optional features and content languages, each with its on/off button. */
export class AddonsPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/addons");
  }

  addon(name: string): Locator {
    return this.main.getByRole("listitem", { name, exact: true });
  }

  /** "On", "Off" or "Always on". */
  async state(name: string): Promise<string> {
    return (await this.addon(name).locator("span").first().textContent()) ?? "";
  }

  async turnOff(name: string): Promise<void> {
    await this.addon(name)
      .getByRole("button", { name: `Turn off “${name}”` })
      .click();
  }

  async turnOn(name: string): Promise<void> {
    await this.addon(name)
      .getByRole("button", { name: `Turn on “${name}”` })
      .click();
  }

  status(text: string): Locator {
    return this.main.getByRole("status").filter({ hasText: text });
  }

  /** The names listed under a section's heading ("Features", "Content Languages"). */
  async names(section: string): Promise<string[]> {
    return this.main.getByRole("region", { name: section }).getByRole("heading", { level: 3 }).allTextContents();
  }
}
