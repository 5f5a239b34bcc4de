import type { Comment, Discussion, User } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { listExpand } from "../discussions/index.ts";

/**
 * What a profile page reads: the member (by name, with the custom profile fields the viewer may see), their discussions and their comments, optionally
 * only those that received a reaction of one type (`reactionType`, a urlcode).
 */
export const profilesApi = {
  user: async (api: ApiClient, name: string, signal?: AbortSignal) =>
    (
      await api.get<User>(
        `/users/${encodeURIComponent(`$name:${name}`)}`,
        { expand: ["reactionsReceived", "profileFields", "rank"] },
        signal,
      )
    ).data,
  discussions: (
    api: ApiClient,
    userID: number,
    page: number,
    limit: number,
    signal?: AbortSignal,
    reactionType?: string,
  ) =>
    api.get<Discussion[]>(
      "/discussions",
      {
        insertUserID: [userID],
        ...(reactionType ? { reactionType } : {}),
        page,
        limit,
        sort: "-dateInserted",
        expand: listExpand,
        excerptLength: 160,
      },
      signal,
    ),
  comments: (
    api: ApiClient,
    userID: number,
    page: number,
    limit: number,
    signal?: AbortSignal,
    reactionType?: string,
  ) =>
    api.get<Comment[]>(
      "/comments",
      {
        insertUserID: userID,
        ...(reactionType ? { reactionType } : {}),
        page,
        limit,
        sort: "-dateInserted",
        expand: ["insertUser"],
      },
      signal,
    ),
};
