import type { Locator } from "playwright-core";
import { ReadingLayoutPage } from "./ReadingLayoutPage.ts";

/**
 * The home page with an operator's widgets (issue 38 item 3): a featured collection's carousel, quick links, a
 * call to action and a discussions widget.
 */
export class HomeWidgetsPage extends ReadingLayoutPage {
  /** The banner's icon, beside its title (decorative). */
  get bannerIcon(): Locator {
    return this.heading.locator("img");
  }

  /** A home widget by its part (`collection-records`, `quick-links`, `cta`, `discussions-widget`, `categories-widget`,
   * `articles-widget`, `groups-widget`). */
  widget(part: string): Locator {
    return this.main.locator(`[data-home-widget][data-part="${part}"]`);
  }

  /** The carousel, by its name (the widget's title). */
  carousel(name: string): Locator {
    return this.main.getByRole("region", { name });
  }

  /** The carousel's slides (each a group named "n of m"). */
  slides(name: string): Locator {
    return this.carousel(name).getByRole("group");
  }

  /** The carousel's scrolling row of slides. */
  track(name: string): Locator {
    return this.carousel(name).locator("[data-track]");
  }

  /** "Slide n of m": the carousel's live region. */
  slideStatus(name: string): Locator {
    return this.carousel(name).getByText(/^Slide \d+ of \d+$/);
  }

  carouselButton(name: string, label: "Previous slide" | "Next slide" | "Pause slides" | "Play slides"): Locator {
    return this.carousel(name).getByRole("button", { name: label });
  }

  /** The links of the quick links widget. */
  quickLink(name: string): Locator {
    return this.widget("quick-links").getByRole("link", { name });
  }

  /** The call to action's button (a link). */
  callToAction(name: string): Locator {
    return this.widget("cta").getByRole("link", { name });
  }

  /** A discussion title in the discussions widget. */
  widgetDiscussion(title: string): Locator {
    return this.widget("discussions-widget").getByRole("heading", { name: title });
  }

  /** A record's link in a home widget (a category, an article, a group), by its accessible name. */
  widgetLink(part: string, name: string | RegExp): Locator {
    return this.widget(part).getByRole("link", { name });
  }

  /** Wherever a text shows on the page (title bar, widgets, panel): for records that must not show at all. */
  textAnywhere(text: string): Locator {
    return this.page.getByText(text);
  }
}
