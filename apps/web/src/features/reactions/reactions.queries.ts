import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { reactionsApi, type ReactionRecordType } from "./reactions.api.ts";

export const reactionKeys = {
  all: ["reactions"] as const,
  types: () => [...reactionKeys.all, "types"] as const,
  log: (recordType: ReactionRecordType, recordID: number) =>
    [...reactionKeys.all, "log", recordType, recordID] as const,
};

/** The reaction types, active or not (the dashboard's Reactions page changes them and drops this cache). */
export const reactionTypesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: reactionKeys.types(), queryFn: ({ signal }) => reactionsApi.types(api, signal) });

/** Who reacted how; fetched lazily, on hover or focus of the reaction bar (spec §4). */
export const reactionLogQuery = (api: ApiClient, recordType: ReactionRecordType, recordID: number) =>
  queryOptions({
    queryKey: reactionKeys.log(recordType, recordID),
    queryFn: ({ signal }) => reactionsApi.log(api, recordType, recordID, signal),
  });

/** The dashboard's Reactions page. */
export const reactionsPagePath = "/dashboard/reactions";

/** Who edits the reaction types and turns them on and off (community.manage; the server checks again). */
export const canManageReactions = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.manage"));
