import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";
import { SearchPage } from "./SearchPage.ts";
import { TitleBarPage } from "./TitleBarPage.ts";

/** `/dashboard/subcommunities` (Appearance): the sections' table and the Add Subcommunity form. */
export class SubcommunitiesDashboardPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/subcommunities");
  }

  get table(): Locator {
    return this.main.getByRole("table", { name: "Subcommunities" });
  }

  row(name: string): Locator {
    return this.table.getByRole("row", { name, exact: true });
  }

  /** A row's cell by its column ("Address", "Category", "Locale", "Theme"). */
  cell(name: string, column: string): Locator {
    return this.row(name).locator(`td[data-label="${column}"]`);
  }

  get addForm(): Locator {
    return this.main.getByRole("form", { name: "Add Subcommunity", exact: true });
  }

  get addButton(): Locator {
    return this.addForm.getByRole("button", { name: "Add Subcommunity", exact: true });
  }

  /** Fills Add Subcommunity in; the caller submits with `submitAndWait(addButton)`. */
  async fillNewSection(section: { name: string; folder: string; category: string; theme?: string }): Promise<void> {
    await this.addForm.getByLabel("Name", { exact: true }).fill(section.name);
    await this.addForm.getByLabel("Folder", { exact: true }).fill(section.folder);
    await this.addForm.getByLabel("Category", { exact: true }).selectOption({ label: section.category });
    if (section.theme) await this.addForm.getByLabel("Theme", { exact: true }).selectOption({ label: section.theme });
  }

  /** The add form's field, to read its state (`aria-invalid`). */
  field(label: string): Locator {
    return this.addForm.getByLabel(label, { exact: true });
  }

  /** A message in the add form (a field's error). */
  formText(text: string): Locator {
    return this.addForm.getByText(text, { exact: true });
  }

  /**
   * The add form's fields' values (Name, Folder, Category, Locale, Theme, Order), to tell it is empty again. The page
   * streams: without JavaScript the status above the form can be in the page before the form is (a CI run read no
   * fields at all), so this waits for the form's last control first.
   */
  async addFormValues(): Promise<string[]> {
    await this.addButton.waitFor();
    return this.addForm
      .locator("input:not([type=hidden]), select")
      .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement | HTMLSelectElement).value));
  }

  /** A form-level confirmation ("… has been saved at /en."). */
  get status(): Locator {
    return this.main.getByRole("status");
  }
}

/** A page of the site or of a subcommunity: the title bar's subcommunity picker and the page's links. */
export class SectionPage extends TitleBarPage {
  goto(path: string): Promise<Response> {
    return this.open(path);
  }

  /** The picker: a disclosure (`<details>`) in the title bar (its list is hidden, so out of role queries, while shut). */
  get picker(): Locator {
    return this.titleBar.locator("details", { has: this.page.locator('ul[aria-label="Communities"]') });
  }

  /** Its button (the `<summary>`), named after the current section. */
  get pickerButton(): Locator {
    return this.picker.locator("summary");
  }

  get pickerList(): Locator {
    return this.picker.getByRole("list", { name: "Communities" });
  }

  pickerLink(name: string): Locator {
    return this.pickerList.getByRole("link", { name, exact: true });
  }

  /** Whether the picker is open. */
  isPickerOpen(): Promise<boolean> {
    return this.picker.evaluate((details) => (details as HTMLDetailsElement).open);
  }

  /** Where the open picker's list is drawn, and the page's width: to tell it stays on screen. */
  async pickerListBounds(): Promise<{ left: number; right: number; pageWidth: number }> {
    const box = await this.pickerList.boundingBox();
    if (!box) throw new Error("The picker's list is not shown.");
    const pageWidth = await this.page.evaluate(() => document.documentElement.clientWidth);
    return { left: box.x, right: box.x + box.width, pageWidth };
  }

  /** The home's banner: its heading, its description, its search form. */
  get banner(): Locator {
    return this.page.locator("[data-part=banner]");
  }

  get bannerHeading(): Locator {
    return this.banner.getByRole("heading", { level: 1 });
  }

  /** The banner's text under its heading (empty when there is none). */
  async bannerDescription(): Promise<string> {
    const paragraph = this.banner.locator("p");
    return (await paragraph.count()) ? paragraph.innerText() : "";
  }

  /** The panel's "Popular Tags": each tag's name (its link's text without its count). */
  async popularTags(): Promise<string[]> {
    return this.page
      .getByRole("region", { name: "Popular Tags" })
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.querySelector("a")?.firstChild?.textContent?.trim() ?? ""));
  }

  /** The panel's leaderboard: the members' names as listed (none when the box is absent). */
  async leaders(): Promise<string[]> {
    const box = this.page.locator("[data-part=leaderboard-box]");
    if ((await box.count()) === 0) return [];
    return box
      .getByRole("listitem")
      .evaluateAll((items) =>
        items.map((item) => item.querySelector("a > span:last-child")?.textContent?.trim() ?? ""),
      );
  }

  /** The panel's "All Tags" and "Leaderboard" links. */
  get allTagsLink(): Locator {
    return this.page.getByRole("region", { name: "Popular Tags" }).getByRole("link", { name: "All Tags", exact: true });
  }

  get leaderboardLink(): Locator {
    return this.page.locator("[data-part=leaderboard-box]").getByRole("link", { name: "Leaderboard", exact: true });
  }

  /** The tags page's tags (`/tags`), by name. */
  async tagIndex(): Promise<string[]> {
    return this.main
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.querySelector("a > span")?.textContent?.trim() ?? ""));
  }

  /** The leaderboard page's members, in order, and the names its category filter offers. */
  async leaderboardPage(): Promise<{ leaders: string[]; categories: string[] }> {
    const leaders = await this.main
      .locator("[data-part=leaders] > li")
      .evaluateAll((items) =>
        items.map((item) => item.querySelector("a > span:last-child")?.textContent?.trim() ?? ""),
      );
    const categories = await this.main
      .getByRole("combobox", { name: "Category" })
      .locator("option")
      .evaluateAll((options) => options.map((option) => option.textContent?.trim() ?? ""));
    return { leaders, categories };
  }

  /** The leaderboard page's category filter's form address. */
  leaderboardFilterAction(): Promise<string | null> {
    return this.main
      .locator("form[method=get]")
      .filter({ has: this.page.getByRole("combobox") })
      .getAttribute("action");
  }

  /** A link in the page's main region, by its text (a discussion's title, a category's name). */
  mainLink(name: string): Locator {
    return this.main.getByRole("link", { name, exact: true });
  }

  /** The link the element with focus is, as `{text, href}`. */
  focusedLink(): Promise<{ text: string; href: string | null }> {
    return this.page.evaluate(() => ({
      text: (document.activeElement?.textContent ?? "").trim(),
      href: document.activeElement?.getAttribute("href") ?? null,
    }));
  }
}

/** A subcommunity's search page (`/{folder}/search`): the section's results, or the whole site's. */
export class SectionSearchPage extends SearchPage {
  /** "Search all communities": the whole site's results instead of the section's. */
  get allCommunities(): Locator {
    return this.main.getByRole("checkbox", { name: "Search all communities", exact: true });
  }

  /** A result's link, by its title. */
  resultLink(title: string): Locator {
    return this.results.locator("h2").getByRole("link", { name: title, exact: true });
  }

  /** The form's address (the section's search page). */
  formAction(): Promise<string | null> {
    return this.main.getByRole("search").getAttribute("action");
  }
}
