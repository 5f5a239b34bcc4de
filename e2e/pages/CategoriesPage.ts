import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/**
 * `/categories` (and the home page, which shows the same list in its "Categories" section, the names there
 * level-3 headings under the section's).
 */
export class CategoriesPage extends ParleyPage {
  private home = false;

  /** Reads the home page's list (reached some other way than `goto("/")`, e.g. by a link). */
  atHome(): this {
    this.home = true;
    return this;
  }

  goto(pathname: "/categories" | "/" = "/categories") {
    this.home = pathname === "/";
    return this.open(pathname);
  }

  /** Where the list is: the main region, or the home page's Categories section. */
  private get listRoot(): Locator {
    return this.home ? this.main.getByRole("region", { name: "Categories", exact: true }) : this.main;
  }

  private categoryHeading(name?: string): Locator {
    const level = this.home ? 3 : 2;
    return this.listRoot.getByRole("heading", name === undefined ? { level } : { level, name, exact: true });
  }

  /** The link of a top-level category in the list. */
  categoryLink(name: string): Locator {
    return this.categoryHeading(name).getByRole("link");
  }

  /** A top-level category's icon, before its name. */
  categoryIcon(name: string): Locator {
    return this.categoryHeading(name).locator("img");
  }

  /** Names of the top-level categories, in page order. */
  categoryNames(): Promise<string[]> {
    return this.categoryHeading().allInnerTexts();
  }

  subcategoryList(parentName: string): Locator {
    return this.listRoot.getByRole("list", { name: `Subcategories of ${parentName}`, exact: true });
  }

  /** Names and hrefs of the subcategory links shown under a category. */
  async subcategoryLinks(parentName: string): Promise<{ name: string; href: string | null }[]> {
    const links = await this.subcategoryList(parentName).getByRole("link").all();
    return Promise.all(
      links.map(async (link) => ({ name: (await link.innerText()).trim(), href: await link.getAttribute("href") })),
    );
  }

  async openCategory(name: string): Promise<void> {
    await this.categoryLink(name).click();
  }
}
