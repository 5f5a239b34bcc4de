import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Discussion } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { discussionsApi, type DiscussionListParams } from "./discussions.api.ts";

export const discussionKeys = {
  all: ["discussions"] as const,
  lists: () => [...discussionKeys.all, "list"] as const,
  list: (params: DiscussionListParams) => [...discussionKeys.lists(), params] as const,
  detail: (id: number) => [...discussionKeys.all, "detail", id] as const,
  comments: (id: number, page: number, sort: string) => [...discussionKeys.all, "comments", id, page, sort] as const,
  source: (id: number) => [...discussionKeys.all, "source", id] as const,
  editTimeout: () => [...discussionKeys.all, "editTimeout"] as const,
  ideaStatuses: () => [...discussionKeys.all, "ideaStatuses"] as const,
};

/** The idea statuses the moderators' status form offers (the ideation add-on). */
export const ideaStatusesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: discussionKeys.ideaStatuses(),
    queryFn: ({ signal }) => discussionsApi.ideaStatuses(api, signal),
  });

export const discussionListQuery = (api: ApiClient, params: DiscussionListParams) =>
  queryOptions({
    queryKey: discussionKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, paging } = await discussionsApi.list(api, params, signal);
      return { items: data, total: paging?.total ?? data.length };
    },
  });

export const discussionQuery = (api: ApiClient, id: number) =>
  queryOptions({ queryKey: discussionKeys.detail(id), queryFn: ({ signal }) => discussionsApi.get(api, id, signal) });

export const commentsQuery = (api: ApiClient, id: number, page: number, limit: number, sort: string) =>
  queryOptions({
    queryKey: discussionKeys.comments(id, page, sort),
    queryFn: async ({ signal }) => {
      const { data, paging } = await discussionsApi.comments(api, id, page, limit, sort, signal);
      return { items: data, total: paging?.total ?? data.length };
    },
  });

/** A discussion's raw source for the edit page. */
export const discussionSourceQuery = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: discussionKeys.source(id),
    queryFn: ({ signal }) => discussionsApi.editSource(api, id, signal),
  });

/** The edit window of spec §9 (`editTimeout`: seconds, -1 = none) and whether narrow screens hide signatures. */
export const editTimeoutQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: discussionKeys.editTimeout(),
    queryFn: ({ signal }) => discussionsApi.postSettings(api, signal),
  });

/** A discussion the member has just read: no "New" marker for it in the lists already fetched. */
export function markListedRead(queryClient: QueryClient, discussionID: number): void {
  queryClient.setQueriesData<{ items: Discussion[]; total: number }>({ queryKey: discussionKeys.lists() }, (list) =>
    list?.items.some((item) => item.discussionID === discussionID && item.unread)
      ? {
          ...list,
          items: list.items.map((item) =>
            item.discussionID === discussionID ? { ...item, unread: false, countUnread: 0 } : item,
          ),
        }
      : list,
  );
}
