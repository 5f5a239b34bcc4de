import { discussionMessages, discussionRules } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { HttpError } from "../../platform/errors.ts";
import { discussionsPolicy } from "./discussions.policy.ts";

/**
 * Flood control (Vanilla's defaults): more than 3 posts in 30 seconds locks posting for 120 seconds,
 * with a clear 429. Moderators and members marked bypassSpam are exempt. Shared by every process
 * through Redis when it is configured.
 */
export function createFloodControl(platform: Platform) {
  const posts = platform.limiter("flood-posts", discussionRules.floodPosts, discussionRules.floodWindowSeconds * 1000);
  // A lock is one hit: `peek` refuses once a key has been hit in the window.
  const lock = platform.limiter("flood-lock", 1, discussionRules.floodLockSeconds * 1000);
  const message = () =>
    discussionMessages.flood
      .replace("{count}", String(discussionRules.floodPosts))
      .replace("{window}", String(discussionRules.floodWindowSeconds))
      .replace("{lock}", String(discussionRules.floodLockSeconds));

  return {
    /** Call before a post is written; throws 429 while the member is locked out. */
    async check(viewer: Viewer): Promise<void> {
      if (viewer.userID === 0 || viewer.user?.bypassSpam === 1 || discussionsPolicy.isModerator(viewer)) return;
      const key = String(viewer.userID);
      if (!(await lock.peek(key)).allowed) throw new HttpError(429, message());
      if (!(await posts.hit(key)).allowed) {
        await lock.hit(key);
        throw new HttpError(429, message());
      }
    },
  };
}
