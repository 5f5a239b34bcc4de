import type { AnalyticsPrivacy, AnalyticsSummary } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/analytics`: a period's summary (site managers), and a member's choice to be left out of it. */
export const analyticsApi = {
  summary: async (api: ApiClient, range: { from: string; to: string }, signal?: AbortSignal) =>
    (await api.get<AnalyticsSummary>("/analytics/summary", { from: range.from, to: range.to }, signal)).data,
  privacy: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<AnalyticsPrivacy>("/analytics/privacy", {}, signal)).data,
  setPrivacy: async (api: ApiClient, body: AnalyticsPrivacy) =>
    (await api.request<AnalyticsPrivacy>({ method: "POST", path: "/analytics/privacy", body })).data,
};
