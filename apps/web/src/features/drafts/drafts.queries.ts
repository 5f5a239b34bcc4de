import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { draftsApi } from "./drafts.api.ts";

/** Drafts per page of `/drafts`. */
export const draftsPageLimit = 30;

export const draftKeys = {
  all: ["drafts"] as const,
  /** The `draftList` query of spec §7, refreshed after delete, schedule and cancel-schedule. */
  list: (page: number) => [...draftKeys.all, "list", page] as const,
  canSchedule: () => ["drafts-can-schedule"] as const,
};

export const canScheduleQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: draftKeys.canSchedule(),
    queryFn: ({ signal }) => draftsApi.canSchedule(api, signal),
  });

export const draftListQuery = (api: ApiClient, page: number) =>
  queryOptions({
    queryKey: draftKeys.list(page),
    queryFn: ({ signal }) => draftsApi.list(api, { page, limit: draftsPageLimit, sort: "-dateUpdated" }, signal),
  });
