import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/profile/reactions/{name}?reaction=…`: a member's posts that received a reaction, by kind. */
export class ProfileReactionsPage extends ParleyPage {
  goto(memberName: string, reaction: string): Promise<Response> {
    return this.open(`/profile/reactions/${encodeURIComponent(memberName)}?reaction=${reaction}`);
  }

  /** The section of the reacted comments or discussions. */
  section(kind: "comments" | "discussions"): Locator {
    return this.page.locator(`section[aria-labelledby=profile-reacted-${kind}]`);
  }

  /** The link that chooses a reaction (the current one has aria-current). */
  reactionLink(name: RegExp): Locator {
    return this.page.getByRole("link", { name });
  }
}
