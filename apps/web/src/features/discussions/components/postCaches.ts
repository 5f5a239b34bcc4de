import type { QueryKey } from "@tanstack/react-query";
import type { Comment, Discussion } from "@parley/contracts";
import type { ReactionCache } from "../../reactions/index.ts";
import { discussionKeys } from "../discussions.queries.ts";

/**
 * Where a post's reactions live in the cache, for the reactions row on reading pages. The cache updates that
 * moderation and the options menu make (`discussionCache.ts`) load with those, not with the page.
 */

type Page = { items: Comment[]; total: number };

/** The discussion record of the discussion page. */
export const discussionCache = (discussionID: number): ReactionCache => ({
  queryKey: discussionKeys.detail(discussionID),
  update: (data, change) => (data ? change(data as Discussion) : data),
});

/** A comment on the cached comments page it was rendered from. */
export const commentCache = (commentQueryKey: QueryKey, commentID: number): ReactionCache => ({
  queryKey: commentQueryKey,
  update: (data, change) => {
    const page = data as Page | undefined;
    if (!page) return page;
    return { ...page, items: page.items.map((item) => (item.commentID === commentID ? change(item) : item)) };
  },
});
