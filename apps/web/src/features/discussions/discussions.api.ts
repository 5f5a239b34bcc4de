import type { Comment, Discussion, DiscussionSort, PostPremoderation } from "@parley/contracts";
import type { IdeaStatus } from "@parley/contracts/ideas-constants";
import type { QuestionStatus } from "@parley/contracts/questions-constants";
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
  /** Questions of a status (the QnA add-on), with `type: ["question"]`. */
  type?: string[];
  status?: QuestionStatus;
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
          expand: [
            "category",
            "breadcrumbs",
            "tags",
            "permissions",
            "reactions",
            "excerpt",
            "insertUser.signature",
            "postMeta",
          ],
        },
        signal,
      )
    ).data,
  /** The idea statuses (the ideation add-on): the six built in and the administrators' own. */
  ideaStatuses: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<IdeaStatus[]>("/discussions/statuses", undefined, signal)).data,
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
  // The member actions of the discussion page (spec §4: bookmark, mute, edit, delete, quote).
  /** A page view of the discussion (`POST /tick`): the server counts it in `countViews`. */
  viewed: (api: ApiClient, discussionID: number, page: { url: string; referrer: string }) =>
    api.request<{ didTrack: boolean }>({
      method: "POST",
      path: "/tick",
      body: { type: "discussion_view", discussionID, url: page.url, referrer: page.referrer },
    }),
  editSource: async (api: ApiClient, id: number, signal?: AbortSignal) =>
    (await api.get<DiscussionSource>(`/discussions/${id}/edit`, undefined, signal)).data,
  quote: async (api: ApiClient, recordType: "discussion" | "comment", id: number) =>
    (await api.get<PostQuote>(`/${recordType}s/${id}/quote`)).data,
  updateComment: async (api: ApiClient, id: number, body: { body: string; format: string }) =>
    // A 202 when the edit is held for approval (premoderation): the comment keeps its text.
    (await api.request<Comment | PostPremoderation>({ method: "PATCH", path: `/comments/${id}`, body })).data,
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
