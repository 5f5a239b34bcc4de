import type { Locator } from "playwright-core";
import { DiscussionList } from "./DiscussionList.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** `/categories/{urlcode}[/p{n}]`: one category with its subcategories and its discussions. */
export class CategoryPage extends ParleyPage {
  /** The "Discussions" section: the category's discussions (and its subcategories'), sorts and pager. */
  readonly discussions = new DiscussionList(this.main.getByRole("region", { name: "Discussions", exact: true }));

  /** Opens a category, with an optional `/p{n}` page and query string. */
  goto(urlcode: string, { page = 1, search = "" }: { page?: number; search?: string } = {}) {
    return this.open(`/categories/${urlcode}${page > 1 ? `/p${page}` : ""}${search}`);
  }

  /** The Follow / Following toggle of the category's header (members only). */
  get followButton(): Locator {
    return this.main
      .locator("header")
      .first()
      .getByRole("button", { name: /^Follow/ });
  }

  /** The category's banner: the image first in its header. */
  get banner(): Locator {
    return this.main.locator("header").first().locator(":scope > img");
  }

  get breadcrumbs(): Locator {
    return this.page.getByRole("navigation", { name: "Breadcrumb" });
  }

  /** The icon that opens the content translator of a record ("Translate General"), for site managers. */
  translateButton(recordName: string): Locator {
    return this.page.getByRole("button", { name: `Translate ${recordName}` });
  }

  /** Every translate icon of the page. */
  get translateButtons(): Locator {
    return this.page.getByRole("button", { name: /^Translate/ });
  }

  get subcategoriesSection(): Locator {
    return this.main.getByRole("region", { name: "Subcategories" });
  }

  /** Names of the subcategories listed on the page, in order. */
  subcategoryNames(): Promise<string[]> {
    return this.subcategoriesSection.getByRole("heading", { level: 3 }).allInnerTexts();
  }
}
