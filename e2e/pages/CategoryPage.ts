import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/categories/{urlcode}`: one category with its subcategories. */
export class CategoryPage extends ParleyPage {
  goto(urlcode: string) {
    return this.open(`/categories/${urlcode}`);
  }

  get breadcrumbs(): Locator {
    return this.page.getByRole("navigation", { name: "Breadcrumb" });
  }

  get subcategoriesSection(): Locator {
    return this.main.getByRole("region", { name: "Subcategories" });
  }

  /** Names of the subcategories listed on the page, in order. */
  subcategoryNames(): Promise<string[]> {
    return this.subcategoriesSection.getByRole("heading", { level: 3 }).allInnerTexts();
  }
}
