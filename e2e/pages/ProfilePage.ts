import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/profile/{name}`: a member's profile overview. */
export class ProfilePage extends ParleyPage {
  goto(memberName: string): Promise<Response> {
    return this.open(`/profile/${encodeURIComponent(memberName)}`);
  }

  /** The member's rank label beside their name (the ranks add-on). */
  get rankLabel(): Locator {
    return this.main.locator('[data-part="rank-label"]').first();
  }
}
