import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/categories` (and the home page, which shows the same list). */
export class CategoriesPage extends ParleyPage {
  goto(pathname: "/categories" | "/" = "/categories") {
    return this.open(pathname);
  }

  /** The link of a top-level category in the list. */
  categoryLink(name: string): Locator {
    return this.main.getByRole("heading", { level: 2, name, exact: true }).getByRole("link");
  }

  /** A top-level category's icon, before its name. */
  categoryIcon(name: string): Locator {
    return this.main.getByRole("heading", { level: 2, name, exact: true }).locator("img");
  }

  /** Names of the top-level categories, in page order. */
  categoryNames(): Promise<string[]> {
    return this.main.getByRole("heading", { level: 2 }).allInnerTexts();
  }

  subcategoryList(parentName: string): Locator {
    return this.main.getByRole("list", { name: `Subcategories of ${parentName}`, exact: true });
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
