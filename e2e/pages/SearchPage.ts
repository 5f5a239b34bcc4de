import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/search`: the search form, domain tabs, filters and results. */
export class SearchPage extends ParleyPage {
  goto(query = ""): Promise<Response> {
    return this.open(`/search${query}`);
  }

  get field(): Locator {
    return this.main.getByRole("searchbox", { name: "Search" });
  }

  tab(name: string): Locator {
    return this.page.getByRole("navigation", { name: "Search domains" }).getByRole("link", { name });
  }

  typeFilter(name: string): Locator {
    return this.page.getByRole("group", { name: "Types" }).getByRole("checkbox", { name });
  }

  /** The filters' button below 1000 px (a disclosure's summary; a column, without it, from 1000 px). */
  get filtersButton(): Locator {
    return this.main.locator("summary", { hasText: "Filters" });
  }

  get filtersPanel(): Locator {
    return this.main.locator("details > div");
  }

  /** The category picker once the page runs: a combobox that takes several, each chosen one a chip. */
  get categoryPicker(): Locator {
    return this.page.getByRole("group", { name: "Categories" }).getByRole("combobox", { name: "Categories" });
  }

  /** Types part of a category's name into the picker and chooses it from the list. */
  async chooseCategory(name: string): Promise<void> {
    await this.categoryPicker.click();
    await this.categoryPicker.pressSequentially(name.slice(0, 4), { delay: 20 });
    await this.page
      .getByRole("listbox")
      .getByRole("option", { name: new RegExp(`^${escape(name)}`) })
      .click();
    // The list stays open for another choice (and hides the rest of the page from assistive technology): Escape shuts it.
    await this.categoryPicker.press("Escape");
    await this.chosenCategoryChip(name).waitFor();
  }

  chosenCategoryChip(name: string): Locator {
    return this.page.getByRole("grid", { name: "Chosen categories" }).getByRole("row", { name });
  }

  /** The chosen categories' ids the form will send (hidden inputs or checked boxes), in its order. */
  chosenCategories(): Promise<string[]> {
    return this.main
      .locator("form")
      .evaluate((form: HTMLFormElement) => new FormData(form).getAll("categoryIDs").map(String));
  }

  categoryOption(name: string): Locator {
    return this.page.getByRole("group", { name: "Categories" }).getByRole("checkbox", { name });
  }

  /** The form's one submit button, beside the search box. */
  get searchButton(): Locator {
    return this.main.getByRole("button", { name: "Search", exact: true });
  }

  get results(): Locator {
    return this.page.getByRole("region", { name: "Search results" }).locator("li[data-record]");
  }

  /** `discussion:12`, `comment:40`… in the order shown. */
  async records(): Promise<string[]> {
    return this.results.evaluateAll((items) => items.map((item) => item.getAttribute("data-record") ?? ""));
  }

  /** Each result's meta line (type, author, date, place). */
  async metas(): Promise<string[]> {
    return this.results.evaluateAll((items) =>
      items.map((item) => item.querySelector("p:last-of-type")?.textContent ?? ""),
    );
  }

  async titles(): Promise<string[]> {
    return this.results.locator("h2").allInnerTexts();
  }
}
