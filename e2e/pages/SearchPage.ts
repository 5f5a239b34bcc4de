import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

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

  /** The category picker (a select) of the discussions domain. */
  /** The category picker: a multiple select (a listbox). */
  get categoryPicker(): Locator {
    return this.page.getByRole("group", { name: "Categories" }).getByRole("listbox", { name: "Categories" });
  }

  /** The picker's chosen categories' ids, in its order. */
  chosenCategories(): Promise<string[]> {
    return this.categoryPicker.evaluate((select: HTMLSelectElement) =>
      Array.from(select.selectedOptions, (option) => option.value),
    );
  }

  categoryOption(name: string): Locator {
    return this.page.getByRole("group", { name: "Categories" }).getByRole("checkbox", { name });
  }

  get applyButton(): Locator {
    return this.page.getByRole("button", { name: "Apply" });
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
