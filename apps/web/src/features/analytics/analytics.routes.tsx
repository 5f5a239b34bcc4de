import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { analyticsPagePath } from "./analytics.paths.ts";
import { readPeriod, utcDay } from "./analytics.period.ts";
import { canViewAnalytics } from "./analytics.permissions.ts";
import { analyticsSummaryQuery } from "./analytics.queries.ts";
import { AnalyticsPage, type AnalyticsPageData } from "./pages/AnalyticsPage.tsx";

/**
 * `/dashboard/analytics` for site managers: the period of the address (`?period=7|30|90|365`, or `custom` with
 * `from` and `to`; the last 30 days without) and its summary. Dates the page or the API refuse show the form with
 * the reason, and no figures.
 */
export function createAnalyticsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  return [
    {
      id: "analytics",
      path: analyticsPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs): Promise<AnalyticsPageData> => {
        await requirePermitted(queryClient, api, request, canViewAnalytics, "Analytics");
        const today = utcDay(Date.now());
        const period = readPeriod(new URL(request.url).searchParams, today);
        if (period.problem) return { ...period, today };
        // The API's own check of the dates (400) is said beside them, as the page's; other failures are error pages.
        const refused = await loadOrThrow("Analytics", async () => {
          try {
            await queryClient.ensureQueryData(analyticsSummaryQuery(api, period));
            return null;
          } catch (error) {
            if (error instanceof ApiError && error.status === 400) return error.message;
            throw error;
          }
        });
        return refused === null ? { ...period, today } : { ...period, today, problem: "refused", message: refused };
      },
      element: <AnalyticsPage />,
    },
  ];
}
