import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Comment, Discussion } from "@parley/contracts";
import type { ReactionCache } from "../../reactions/index.ts";
import { discussionKeys } from "../discussions.queries.ts";

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

/** Changes the discussion wherever it is cached: its page and the lists that show it. */
export function updateDiscussionEverywhere(
  queryClient: QueryClient,
  discussionID: number,
  change: (discussion: Discussion) => Discussion,
) {
  queryClient.setQueryData<Discussion>(discussionKeys.detail(discussionID), (data) => (data ? change(data) : data));
  queryClient.setQueriesData<{ items: Discussion[]; total: number }>({ queryKey: discussionKeys.lists() }, (data) =>
    data
      ? { ...data, items: data.items.map((item) => (item.discussionID === discussionID ? change(item) : item)) }
      : data,
  );
}

/** A deleted discussion leaves the cache and the cached lists (spec §4). */
export function removeDiscussionFromCaches(queryClient: QueryClient, discussionID: number) {
  queryClient.setQueriesData<{ items: Discussion[]; total: number }>({ queryKey: discussionKeys.lists() }, (data) =>
    data && data.items.some((item) => item.discussionID === discussionID)
      ? {
          items: data.items.filter((item) => item.discussionID !== discussionID),
          total: Math.max(0, data.total - 1),
        }
      : data,
  );
  queryClient.removeQueries({ queryKey: discussionKeys.detail(discussionID) });
  queryClient.removeQueries({ queryKey: [...discussionKeys.all, "comments", discussionID] });
  queryClient.removeQueries({ queryKey: discussionKeys.source(discussionID) });
}
