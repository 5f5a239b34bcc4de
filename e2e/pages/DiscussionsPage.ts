import type { Locator, Response } from "playwright-core";
import { DiscussionList } from "./DiscussionList.ts";
import { ParleyPage } from "./ParleyPage.ts";

/**
 * `/discussions` ("Recent Discussions") and its lists (`/discussions/bookmarked|participated|mine|unanswered`,
 * `/discussions/tagged/{tag}`): discussions, announcements first, with sorts, the Filter select and a pager.
 */
export class DiscussionsPage extends ParleyPage {
  readonly list = new DiscussionList(this.main);

  /** Opens /discussions with an optional query (`?sort=dateInserted&page=2`). */
  goto(search = ""): Promise<Response> {
    return this.open(`/discussions${search}`);
  }

  /** Opens a list by its path under /discussions (`bookmarked`, `tagged/postgresql`), with an optional query. */
  gotoList(list: string, search = ""): Promise<Response> {
    return this.open(`/discussions/${list}${search}`);
  }

  /** The page's canonical URL, as its head declares it. */
  canonical(): Promise<string | null> {
    return this.page.locator('head link[rel="canonical"]').getAttribute("href");
  }

  get newDiscussionLink(): Locator {
    return this.main.getByRole("link", { name: "New Discussion", exact: true });
  }
}
