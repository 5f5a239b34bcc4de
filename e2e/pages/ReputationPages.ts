import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/leaderboard`: the period tabs, the category picker and the members with their points. */
export class LeaderboardPage extends ParleyPage {
  goto(query = ""): Promise<Response> {
    return this.open(`/leaderboard${query}`);
  }

  tab(name: string): Locator {
    return this.main.getByRole("navigation", { name: "Period" }).getByRole("link", { name, exact: true });
  }

  get category(): Locator {
    return this.main.getByLabel("Category");
  }

  get show(): Locator {
    return this.main.getByRole("button", { name: "Show", exact: true });
  }

  /** A member's line on the board. */
  row(memberName: string): Locator {
    return this.main.locator("[data-part=leaders] li").filter({ hasText: memberName });
  }

  points(memberName: string): Locator {
    return this.row(memberName).locator("[data-part=leader-points]");
  }
}

/** The home page's panel box, "This Month's Leaders". */
export class LeaderboardBoxView extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/");
  }

  get box(): Locator {
    return this.page.locator("[data-part=leaderboard-box]");
  }
}

/** A member's profile, as far as reputation goes: their points and the badges they earned. */
export class ProfileBadgesView extends ParleyPage {
  goto(memberName: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(memberName)}`);
  }

  get points(): Locator {
    return this.main.locator("[data-part=profile-points]");
  }

  get badges(): Locator {
    return this.main.locator("[data-part=profile-badges]");
  }

  badge(name: string): Locator {
    return this.badges.getByRole("link", { name, exact: true });
  }
}

/** `/badges/{id}`: a badge and the members who earned it. */
export class BadgePageView extends ParleyPage {
  recipient(memberName: string): Locator {
    return this.main.locator("[data-part=badge-recipients]").getByRole("link", { name: memberName, exact: true });
  }
}
