import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/**
 * A reading page laid out in two columns (the home page, the discussion lists, a category's page): its main column,
 * its panel, the home page's banner search, and the listed discussions' facts.
 */
export class ReadingLayoutPage extends ParleyPage {
  /** The two-column section's main column. */
  get mainColumn(): Locator {
    return this.page.locator('[data-slot="main"]');
  }

  /** The panel beside (or under) the main column. */
  get panel(): Locator {
    return this.page.locator('[data-slot="secondary"]');
  }

  panelHeading(name: string): Locator {
    return this.panel.getByRole("heading", { name });
  }

  panelLink(name: string | RegExp): Locator {
    return this.panel.getByRole("link", { name });
  }

  /** The home page's banner search box. */
  get bannerSearch(): Locator {
    return this.page.getByRole("search").getByRole("searchbox", { name: "Search" });
  }

  /** A link in the main region by its name (the first when several). */
  mainLink(name: string): Locator {
    return this.main.getByRole("link", { name }).first();
  }

  /** A button in the main region by its name (the first when several). */
  mainButton(name: string | RegExp): Locator {
    return this.main.getByRole("button", { name }).first();
  }

  /** The "N views" facts of the listed discussions. */
  get viewCounts(): Locator {
    return this.main.getByText(/^[0-9]+ views?$/);
  }

  /** A listed discussion, by its title. */
  listed(title: string): Locator {
    return this.page.locator("li").filter({ has: this.page.getByRole("heading", { name: title }) });
  }

  /** Its link, by its title. */
  listedLink(title: string): Locator {
    return this.listed(title).getByRole("link", { name: title, exact: true });
  }

  /** The "New" marker of a listed discussion (members' only). */
  newMarker(title: string): Locator {
    return this.listed(title).getByText("New", { exact: true });
  }

  /** Every "New" marker on the page. */
  get newMarkers(): Locator {
    return this.main.getByText("New", { exact: true });
  }
}
