/**
 * Who may not post for now (issue 30, warnings): the hook services call before a member's new discussion,
 * comment, private message or reaction, and before an edit of a discussion or comment. The platform knows no feature: the warnings feature installs the check
 * (a member made read-only by their warnings); until one is installed everyone may post. Screening calls it for
 * the posts it screens; reactions call it themselves.
 */
import { HttpError } from "./errors.ts";
import type { Viewer } from "./auth/viewer.ts";

/** The sentence saying why the member may not post now, or null when they may. */
type PostingCheck = (userID: number) => Promise<string | null>;

export interface PostingRestrictions {
  /** Installs the check (one per app). */
  use(check: PostingCheck): void;
  /** Throws a 403 with the check's sentence when a signed-in member may not post now. */
  assertMayPost(viewer: Viewer): Promise<void>;
}

export function createPostingRestrictions(): PostingRestrictions {
  let installed: PostingCheck | null = null;
  return {
    use(check) {
      installed = check;
    },
    async assertMayPost(viewer) {
      if (!installed || viewer.userID <= 0) return;
      const reason = await installed(viewer.userID);
      if (reason) throw new HttpError(403, reason);
    },
  };
}
