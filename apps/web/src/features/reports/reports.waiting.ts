import { queryOptions } from "@tanstack/react-query";
import type { Report } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { waitingKeys, type WaitingQueue } from "./reports.queries.ts";

/*
 * How many wait for a moderator, for the dashboard navigation's badges: in a module of its own, so only the
 * dashboard's chunk carries it (its keys are with the others, which the queue pages' actions invalidate).
 */

/**
 * Open reports (new or escalated), or posts held in either premoderation queue: one row is asked for, the count
 * is the list's total header.
 */
const fetchWaiting = async (api: ApiClient, queue: WaitingQueue, signal?: AbortSignal) => {
  const params = queue === "premoderation" ? { isPending: true, limit: 1 } : { status: ["new", "escalated"], limit: 1 };
  return (await api.get<Report[]>("/reports", params, signal)).paging?.total ?? 0;
};

/** How many reports or held posts wait (the navigation's badge); refreshed each minute while shown. */
export const waitingCountQuery = (api: ApiClient, queue: WaitingQueue) =>
  queryOptions({
    queryKey: waitingKeys.queue(queue),
    queryFn: ({ signal }) => fetchWaiting(api, queue, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
