import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { reportsApi, type ReportListParams } from "./reports.api.ts";

export const reportKeys = {
  all: ["reports"] as const,
  reasons: () => [...reportKeys.all, "reasons"] as const,
  list: (params: ReportListParams) => [...reportKeys.all, "list", params] as const,
};

export const reportReasonsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: reportKeys.reasons(),
    queryFn: ({ signal }) => reportsApi.reasons(api, signal),
    staleTime: 5 * 60_000,
  });

export const reportListQuery = (api: ApiClient, params: ReportListParams) =>
  queryOptions({
    queryKey: reportKeys.list(params),
    queryFn: ({ signal }) => reportsApi.list(api, params, signal),
  });
