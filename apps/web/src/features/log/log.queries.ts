import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { logApi } from "./log.api.ts";
import type { LogFilter } from "../../lib/log-filter.ts";

export { logFilterPath, readLogFilter, type LogFilter } from "../../lib/log-filter.ts";

/** Entries per page of the /log/filter pages. */
export const logPageLimit = 30;

export const logKeys = {
  all: ["log"] as const,
  page: (filter: LogFilter, limit: number) =>
    [...logKeys.all, filter.kind, filter.discussionID, filter.page, limit] as const,
};

export const logQuery = (api: ApiClient, filter: LogFilter, limit = logPageLimit) =>
  queryOptions({
    queryKey: logKeys.page(filter, limit),
    queryFn: ({ signal }) =>
      filter.kind === "revisions"
        ? logApi.revisions(api, filter.discussionID, { page: filter.page, limit }, signal)
        : logApi.deletedComments(api, filter.discussionID, { page: filter.page, limit }, signal),
  });

/**
 * The version after the first revision of a page beyond the first: the last entry of the page before
 * (a page of one entry at offset (page-1)·limit-1), so every edit on the page has its before and after.
 */
export const newerRevisionQuery = (api: ApiClient, filter: LogFilter) =>
  logQuery(api, { ...filter, page: (filter.page - 1) * logPageLimit }, 1);
