import type { QueryClient } from "@tanstack/react-query";
import type { Discussion } from "@parley/contracts";
import { discussionKeys } from "../discussions.queries.ts";

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
