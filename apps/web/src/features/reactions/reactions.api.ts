import type { ReactionType, ReactionTypePatch } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export type ReactionRecordType = "discussion" | "comment";

/** One entry of a record's reaction log (GET /{recordType}s/{id}/reactions). */
export interface ReactionLogEntry {
  tagID: number;
  userID: number;
  dateInserted: string;
  user: { userID: number; name: string; photoUrl: string; url?: string | null };
  reactionType: { tagID: number; urlcode: string; name: string; class: string };
}

/** A type's count as POST /{recordType}s/{id}/reactions answers it. */
export interface ReactionCountRow {
  tagID: number;
  urlcode: string;
  name: string;
  class: string;
  count: number;
}

const base = (recordType: ReactionRecordType, recordID: number) => `/${recordType}s/${recordID}/reactions`;

export const reactionsApi = {
  types: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<ReactionType[]>("/reactions", undefined, signal)).data,
  /** Edits a type, or turns it on or off (community.manage; the dashboard's Reactions page). */
  updateType: async (api: ApiClient, urlCode: string, body: ReactionTypePatch) =>
    (
      await api.request<ReactionType>({
        method: "PATCH",
        path: `/reactions/${encodeURIComponent(urlCode)}`,
        body,
      })
    ).data,
  /** Reacts with `urlcode`; the server replaces the member's previous reaction. Answers the new counts. */
  react: async (api: ApiClient, recordType: ReactionRecordType, recordID: number, urlcode: string) =>
    (
      await api.request<ReactionCountRow[]>({
        method: "POST",
        path: base(recordType, recordID),
        body: { reactionType: urlcode },
      })
    ).data,
  unreact: async (api: ApiClient, recordType: ReactionRecordType, recordID: number) => {
    await api.request<null>({ method: "DELETE", path: base(recordType, recordID) });
  },
  log: async (api: ApiClient, recordType: ReactionRecordType, recordID: number, signal?: AbortSignal) =>
    (await api.get<ReactionLogEntry[]>(base(recordType, recordID), { limit: 100 }, signal)).data,
};
