import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** The home page's "Online Now" widget (add-on `online`): members' photos and names with their count. */
export class HomeOnlineView extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/");
  }

  /** The widget's region, named by its heading ("Online Now (3)"). */
  get onlineNow(): Locator {
    return this.main.getByRole("region", { name: /^Online Now/ });
  }

  get onlineHeading(): Locator {
    return this.onlineNow.getByRole("heading", { level: 2 });
  }

  member(name: string): Locator {
    return this.onlineNow.getByRole("link", { name, exact: true });
  }
}

/** A member's profile, as far as who's online goes: the "Online" label under the name. */
export class ProfileOnlineView extends ParleyPage {
  goto(memberName: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(memberName)}`);
  }

  get onlineLabel(): Locator {
    return this.main.getByText("Online", { exact: true });
  }
}
