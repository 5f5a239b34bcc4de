import { queryOptions } from "@tanstack/react-query";
import type { PremoderationQueue } from "@parley/contracts/premoderation-constants";
import type { ApiClient } from "../../lib/api.ts";
import { reportsApi, type ReportListParams } from "./reports.api.ts";

export const reportKeys = {
  all: ["reports"] as const,
  reasons: () => [...reportKeys.all, "reasons"] as const,
  list: (params: ReportListParams) => [...reportKeys.all, "list", params] as const,
  pending: (params: PremoderationParams) => [...reportKeys.all, "pending", params] as const,
  /** The viewer's own held posts (a discussion's, or all with undefined). */
  mine: (discussionID: number | undefined) => [...reportKeys.all, "mine", discussionID ?? "all"] as const,
};

/** The queues whose waiting count the dashboard navigation shows (`reports.waiting.ts`). */
export type WaitingQueue = "reports" | "premoderation";

/**
 * The waiting counts, apart from `reportKeys.all` (which the queue pages' actions drop from the cache): the
 * actions invalidate them, so the navigation's badges shown beside the page refetch at once.
 */
export const waitingKeys = {
  all: ["moderation-waiting"] as const,
  queue: (queue: WaitingQueue) => [...waitingKeys.all, queue] as const,
};

export interface PremoderationParams {
  queue: PremoderationQueue;
  page: number;
  limit: number;
}

export const premoderationQuery = (api: ApiClient, params: PremoderationParams) =>
  queryOptions({
    queryKey: reportKeys.pending(params),
    queryFn: ({ signal }) => reportsApi.pending(api, params, signal),
  });

/** The viewer's own posts awaiting approval: shown to them alone, marked "Awaiting approval". */
export const myPendingPostsQuery = (api: ApiClient, discussionID?: number) =>
  queryOptions({
    queryKey: reportKeys.mine(discussionID),
    queryFn: ({ signal }) => reportsApi.myPending(api, discussionID, signal),
  });

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
