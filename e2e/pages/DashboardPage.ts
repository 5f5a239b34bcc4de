import type { Locator, Response } from "playwright-core";
import { AccountMenuLink } from "./ParleyPage.ts";
import { TitleBarPage } from "./TitleBarPage.ts";

/** `/dashboard`: the overview, and the dashboard's navigation beside every dashboard page. */
export class DashboardPage extends TitleBarPage {
  goto(): Promise<Response> {
    return this.open("/dashboard");
  }

  get menuLink(): AccountMenuLink {
    return new AccountMenuLink(this, "Dashboard");
  }

  /** Waits for the page whose title is `name` (a link's page renders after its address changes). */
  async waitForPage(name: string): Promise<void> {
    await this.main.getByRole("heading", { level: 1, name, exact: true }).waitFor();
  }

  get navigation(): Locator {
    return this.page.getByRole("navigation", { name: "Dashboard" });
  }

  /** The navigation, found by its place rather than its name (which a pseudo-locale changes). */
  get navigationLandmark(): Locator {
    return this.page.locator("nav#dashboard-nav");
  }

  /** The navigation's groups, by their headings. */
  async groupNames(): Promise<string[]> {
    return this.navigation.getByRole("heading", { level: 2 }).allTextContents();
  }

  /** The navigation's links, in order. */
  async linkNames(): Promise<string[]> {
    return this.navigation.getByRole("link").allTextContents();
  }

  navLink(name: string): Locator {
    return this.navigation.getByRole("link", { name, exact: true });
  }

  /** A total of the overview ("Members", "Discussions", …): its count and its recent line. */
  async total(label: string): Promise<{ count: number; recent: string | null }> {
    const box = this.main.getByRole("term").filter({ hasText: label }).locator("..");
    const [count, recent] = await box.getByRole("definition").allInnerTexts();
    return { count: Number(count!.replace(/,/g, "")), recent: recent ?? null };
  }

  attentionLink(name: string): Locator {
    return this.main.getByRole("region", { name: "Needs Attention" }).getByRole("link", { name });
  }
}
