import type { Discussion } from "@parley/contracts";
import type { Poll } from "@parley/contracts/polls-constants";

/*
 * Polls (the polls add-on): what the records carry while it is on. A discussion is a poll when its `attributes.poll`
 * is there.
 */

/** The discussion's poll as the viewer sees it, or null for another discussion (or while the add-on is off). */
export const pollOf = (discussion: Partial<Pick<Discussion, "attributes">>): Poll | null =>
  (discussion.attributes?.["poll"] as Poll | undefined) ?? null;
