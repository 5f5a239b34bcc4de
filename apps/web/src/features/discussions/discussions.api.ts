import type { Comment, Discussion, DiscussionSort, PostPremoderation } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** A 202 answer: the post was held for a moderator's approval (premoderation), nothing published yet. */
export const isHeld = (answer: object): answer is PostPremoderation => "reportID" in answer && !("url" in answer);

export interface DiscussionListParams {
  categoryID?: number;
  /** A group's discussions (the Groups add-on). */
  groupID?: number;
  page: number;
  limit: number;
  sort?: DiscussionSort;
  /** `/discussions`' filters (spec §2), as the layout's apiParams name them. */
  tagID?: number[];
  bookmarkUserID?: number;
  participatedUserID?: number;
  insertUserID?: number[];
}

/**
 * What a list item shows: authors, category, excerpt and tags (no body), and the viewer's permissions
 * on it (a moderator's `discussions.manage` brings the bulk selection).
 */
export const listExpand = ["insertUser", "lastUser", "category", "excerpt", "tags", "permissions", "-body"];

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
        {
          expand: ["category", "breadcrumbs", "tags", "permissions", "reactions", "excerpt", "insertUser.signature"],
        },
        signal,
      )
    ).data,
  comments: (api: ApiClient, discussionID: number, page: number, limit: number, sort: string, signal?: AbortSignal) =>
    api.get<Comment[]>(
      "/comments",
      {
        discussionID,
        page,
        limit,
        sort,
        expand: ["insertUser", "insertUser.signature", "permissions", "reactions", "reportMeta"],
      },
      signal,
    ),
  locateComment: async (api: ApiClient, commentID: number, limit: number) =>
    (await api.get<{ discussionID: number; page: number; url: string }>(`/comments/${commentID}/location`, { limit }))
      .data,
  /** `tagIDs` are existing tags; `newTagNames` are created (or matched by urlcode) by the server. */
  create: (
    api: ApiClient,
    body: {
      name: string;
      body: string;
      format: string;
      /** A discussion goes in a category, or (`groupID`) in a group. */
      categoryID?: number;
      groupID?: number;
      tagIDs?: number[];
      newTagNames?: string[];
      draftID?: number;
    },
  ) => api.request<Discussion | PostPremoderation>({ method: "POST", path: "/discussions", body }),
  comment: (
    api: ApiClient,
    body: { discussionID: number; body: string; format: string; draftID?: number; parentCommentID?: number },
  ) => api.request<Comment | PostPremoderation>({ method: "POST", path: "/comments", body }),

  // The member actions of the discussion page (spec §4: bookmark, mute, edit, delete, quote).
  /** A page view of the discussion (`POST /tick`): the server counts it in `countViews`. */
  viewed: (api: ApiClient, discussionID: number, page: { url: string; referrer: string }) =>
    api.request<{ didTrack: boolean }>({
      method: "POST",
      path: "/tick",
      body: { type: "discussion_view", discussionID, url: page.url, referrer: page.referrer },
    }),
  bookmark: async (api: ApiClient, id: number, bookmarked: boolean) =>
    (
      await api.request<{ bookmarked: boolean }>({
        method: "PUT",
        path: `/discussions/${id}/bookmark`,
        body: { bookmarked },
      })
    ).data,
  mute: async (api: ApiClient, id: number, muted: boolean) =>
    (await api.request<{ muted: boolean }>({ method: "PUT", path: `/discussions/${id}/mute`, body: { muted } })).data,
  remove: async (api: ApiClient, id: number) => {
    await api.request<null>({ method: "DELETE", path: `/discussions/${id}` });
  },
  editSource: async (api: ApiClient, id: number, signal?: AbortSignal) =>
    (await api.get<DiscussionSource>(`/discussions/${id}/edit`, undefined, signal)).data,
  update: async (api: ApiClient, id: number, body: { name: string; body: string; format: string }) =>
    (await api.request<Discussion>({ method: "PATCH", path: `/discussions/${id}`, body })).data,
  quote: async (api: ApiClient, recordType: "discussion" | "comment", id: number) =>
    (await api.get<PostQuote>(`/${recordType}s/${id}/quote`)).data,
  commentSource: async (api: ApiClient, id: number) =>
    (await api.get<{ commentID: number; body: string; format: string }>(`/comments/${id}/edit`)).data,
  updateComment: async (api: ApiClient, id: number, body: { body: string; format: string }) =>
    (await api.request<Comment>({ method: "PATCH", path: `/comments/${id}`, body })).data,
  removeComment: async (api: ApiClient, id: number) => {
    await api.request<null>({ method: "DELETE", path: `/comments/${id}` });
  },
  /**
   * The settings posts render by, in one GET /config: `ui.editContentTimeout` in seconds (-1: no limit) and
   * `signatures.hideMobile` (spec §5).
   */
  postSettings: async (api: ApiClient, signal?: AbortSignal): Promise<PostSettings> => {
    const select = ["ui.editContentTimeout", "signatures.hideMobile"];
    const { data } = await api.get<Record<string, unknown>>("/config", { select }, signal);
    const value = data["ui.editContentTimeout"];
    return {
      editTimeout: typeof value === "number" ? value : -1,
      signaturesHideMobile: !!data["signatures.hideMobile"],
    };
  },
};

export interface PostSettings {
  editTimeout: number;
  signaturesHideMobile: boolean;
}

/** The raw source of a discussion, for its edit form (GET /discussions/{id}/edit). */
export interface DiscussionSource {
  discussionID: number;
  name: string;
  body: string;
  format: string;
  categoryID: number;
}

/** What a quote needs (GET /discussions/{id}/quote, /comments/{id}/quote). */
export interface PostQuote {
  bodyRaw: string | unknown[];
  format: string;
  insertUser: { name: string; url?: string | null };
  url: string;
}
