import type { Discussion } from "@parley/contracts";
import type { IdeaAttributes } from "@parley/contracts/ideas-constants";

/*
 * Ideas (the ideation add-on): what the records carry while it is on. A discussion is an idea when its
 * `attributes.idea` is there.
 */

/** An idea's status, voting type and the viewer's vote, or null for another discussion (or while the add-on is off). */
export const ideaOf = (discussion: Partial<Pick<Discussion, "attributes">>): IdeaAttributes | null =>
  (discussion.attributes?.["idea"] as IdeaAttributes | undefined) ?? null;
