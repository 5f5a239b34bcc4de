import { queryOptions } from "@tanstack/react-query";
import type { AnalyticsPrivacy } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { analyticsApi } from "./analytics.api.ts";

export const analyticsKeys = {
  all: ["analytics"] as const,
  summary: (from: string, to: string) => [...analyticsKeys.all, "summary", from, to] as const,
  privacy: () => [...analyticsKeys.all, "privacy"] as const,
};

/** A period's summary: its days, totals and top lists. */
export const analyticsSummaryQuery = (api: ApiClient, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: analyticsKeys.summary(range.from, range.to),
    queryFn: ({ signal }) => analyticsApi.summary(api, range, signal),
  });

/** The member's choice about the site's analytics; null where the site has no analytics (its routes answer 404). */
export const analyticsPrivacyQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: analyticsKeys.privacy(),
    queryFn: async ({ signal }): Promise<AnalyticsPrivacy | null> => {
      try {
        return await analyticsApi.privacy(api, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
