import type { Locator, Response } from "playwright-core";
import { DiscussionList } from "./DiscussionList.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** `/discussions` ("Recent Discussions"): every discussion, announcements first, with sorts and a pager. */
export class DiscussionsPage extends ParleyPage {
  readonly list = new DiscussionList(this.main);

  /** Opens /discussions with an optional query (`?sort=dateInserted&page=2`). */
  goto(search = ""): Promise<Response> {
    return this.open(`/discussions${search}`);
  }

  get newDiscussionLink(): Locator {
    return this.main.getByRole("link", { name: "New Discussion", exact: true });
  }
}
