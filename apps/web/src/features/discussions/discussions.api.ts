import type { Comment, Discussion, DiscussionSort } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface DiscussionListParams {
  categoryID?: number;
  page: number;
  limit: number;
  sort?: DiscussionSort;
}

const listExpand = ["insertUser", "lastUser", "category", "excerpt", "-body"];

export const discussionsApi = {
  list: (api: ApiClient, { categoryID, ...params }: DiscussionListParams, signal?: AbortSignal) =>
    api.get<Discussion[]>(
      "/discussions",
      {
        ...params,
        ...(categoryID !== undefined ? { categoryID, includeChildCategories: true } : {}),
        expand: listExpand,
        excerptLength: 160,
      },
      signal,
    ),
  get: async (api: ApiClient, id: number, signal?: AbortSignal) =>
    (
      await api.get<Discussion>(
        `/discussions/${id}`,
        { expand: ["category", "breadcrumbs", "tags", "permissions", "reactions", "excerpt"] },
        signal,
      )
    ).data,
  comments: (api: ApiClient, discussionID: number, page: number, limit: number, sort: string, signal?: AbortSignal) =>
    api.get<Comment[]>(
      "/comments",
      { discussionID, page, limit, sort, expand: ["insertUser", "permissions", "reactions"] },
      signal,
    ),
  locateComment: async (api: ApiClient, commentID: number, limit: number) =>
    (await api.get<{ discussionID: number; page: number; url: string }>(`/comments/${commentID}/location`, { limit }))
      .data,
  create: (api: ApiClient, body: { name: string; body: string; format: string; categoryID: number }) =>
    api.request<Discussion>({ method: "POST", path: "/discussions", body }),
  comment: (api: ApiClient, body: { discussionID: number; body: string; format: string }) =>
    api.request<Comment>({ method: "POST", path: "/comments", body }),
};
