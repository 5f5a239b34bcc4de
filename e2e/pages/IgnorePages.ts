import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** A member's profile, as far as ignoring them goes: the Ignore / Stop ignoring button. */
export class ProfileIgnorePage extends ParleyPage {
  goto(memberName: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(memberName)}`);
  }

  ignoreButton(memberName: string): Locator {
    return this.main.getByRole("button", { name: `Ignore ${memberName}`, exact: true });
  }

  stopIgnoringButton(memberName: string): Locator {
    return this.main.getByRole("button", { name: `Stop ignoring ${memberName}`, exact: true });
  }
}

/** A discussion's posts as an ignorer sees them: collapsed to "Post from an ignored member — Show". */
export class IgnoredPostsView extends ParleyPage {
  goto(url: string): Promise<Response> {
    return this.open(new URL(url).pathname);
  }

  /** The collapsed posts (native <details> disclosures). */
  get collapsed(): Locator {
    return this.main.locator("details[data-part=ignored-post]");
  }

  /** The disclosure's summary ("Post from an ignored member — Show"), which opens it. */
  showButton(index = 0): Locator {
    return this.collapsed.nth(index).locator("summary");
  }
}

/** `/profile/ignored`: the member's ignored members, each with "Stop ignoring". */
export class IgnoredMembersPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/ignored");
  }

  member(name: string): Locator {
    return this.main.getByRole("listitem").filter({ hasText: name });
  }

  stopIgnoringButton(name: string): Locator {
    return this.main.getByRole("button", { name: `Stop ignoring ${name}`, exact: true });
  }

  get emptyText(): Locator {
    return this.main.getByText("You are not ignoring anyone.");
  }
}
