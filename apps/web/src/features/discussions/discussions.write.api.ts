import type { Comment, Discussion, PostPremoderation } from "@parley/contracts";
import type { AnswerStatus } from "@parley/contracts/questions-constants";
import type { IdeaVote } from "@parley/contracts/ideas-constants";
import type { Poll } from "@parley/contracts/polls-constants";
import type { ApiClient } from "../../lib/api.ts";

/**
 * The discussion calls only members' actions make (post, comment, edit, bookmark, mute, delete), apart from
 * `discussionsApi` so that reading pages do not load them.
 */
export const discussionsWriteApi = {
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

  /** The asker or a moderator accepts or rejects an answer (`PATCH /comments/{id}/answer`, the QnA add-on). */
  judgeAnswer: async (api: ApiClient, commentID: number, status: AnswerStatus) =>
    (await api.request<Comment>({ method: "PATCH", path: `/comments/${commentID}/answer`, body: { status } })).data,
  /** The viewer's vote on an idea, none taking it back (`PUT /discussions/{id}/vote`, the ideation add-on). */
  vote: async (api: ApiClient, id: number, vote: IdeaVote) =>
    (
      await api.request<{ score: number; vote: IdeaVote }>({
        method: "PUT",
        path: `/discussions/${id}/vote`,
        body: { vote },
      })
    ).data,
  /** A moderator sets an idea's status and notes (`PATCH /discussions/{id}/idea`). */
  setIdeaStatus: async (api: ApiClient, id: number, statusID: number, statusNotes: string | null) =>
    (
      await api.request<{ statusID: number; statusNotes: string | null }>({
        method: "PATCH",
        path: `/discussions/${id}/idea`,
        body: { statusID, statusNotes },
      })
    ).data,
  /** The viewer's choices in a poll, replacing their previous ones (`POST /polls/{id}/votes`, the polls add-on). */
  votePoll: async (api: ApiClient, pollID: number, pollOptionIDs: number[]) =>
    (await api.request<Poll>({ method: "POST", path: `/polls/${pollID}/votes`, body: { pollOptionIDs } })).data,
  /** The poll's author or a moderator closes it now (`PATCH /polls/{id}` with `closed: true`). */
  closePoll: async (api: ApiClient, pollID: number) =>
    (await api.request<Poll>({ method: "PATCH", path: `/polls/${pollID}`, body: { closed: true } })).data,
  /** The poll as its editor sees it (`GET /polls/{id}`). */
  getPoll: async (api: ApiClient, pollID: number) => (await api.get<Poll>(`/polls/${pollID}`)).data,
  /**
   * A poll's edit (`PATCH /polls/{id}`, and its options: `POST`, `PATCH` and `DELETE /polls/{id}/options[/{id}]`),
   * one call each.
   */
  editPoll: async (
    api: ApiClient,
    pollID: number,
    change:
      { patch: Record<string, unknown> } | { add: string } | { rename: number; body: string } | { remove: number },
  ) => {
    const path = `/polls/${pollID}`;
    if ("patch" in change) await api.request({ method: "PATCH", path, body: change.patch });
    else if ("add" in change)
      await api.request({ method: "POST", path: `${path}/options`, body: { body: change.add } });
    else if ("rename" in change)
      await api.request({ method: "PATCH", path: `${path}/options/${change.rename}`, body: { body: change.body } });
    else await api.request({ method: "DELETE", path: `${path}/options/${change.remove}` });
  },
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
  update: async (
    api: ApiClient,
    id: number,
    body: {
      name: string;
      body: string;
      format: string;
      /** A move (discussions.edit here and in the target). */
      categoryID?: number;
      /** The discussion's tags, all of them (an empty list removes them). */
      tagIDs?: number[];
      newTagNames?: string[];
      draftID?: number;
    },
  ) =>
    // A 202 when the edit is held for approval (premoderation): the discussion keeps its text.
    (await api.request<Discussion | PostPremoderation>({ method: "PATCH", path: `/discussions/${id}`, body })).data,
  commentSource: async (api: ApiClient, id: number) =>
    (await api.get<{ commentID: number; body: string; format: string }>(`/comments/${id}/edit`)).data,
};
