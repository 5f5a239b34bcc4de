import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { reactionsApi, type ReactionRecordType } from "./reactions.api.ts";

export const reactionKeys = {
  all: ["reactions"] as const,
  types: () => [...reactionKeys.all, "types"] as const,
  log: (recordType: ReactionRecordType, recordID: number) =>
    [...reactionKeys.all, "log", recordType, recordID] as const,
};

/** The reaction types (they change only by migration, so the 5-minute freshness is plenty). */
export const reactionTypesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: reactionKeys.types(), queryFn: ({ signal }) => reactionsApi.types(api, signal) });

/** Who reacted how; fetched lazily, on hover or focus of the reaction bar (spec §4). */
export const reactionLogQuery = (api: ApiClient, recordType: ReactionRecordType, recordID: number) =>
  queryOptions({
    queryKey: reactionKeys.log(recordType, recordID),
    queryFn: ({ signal }) => reactionsApi.log(api, recordType, recordID, signal),
  });
