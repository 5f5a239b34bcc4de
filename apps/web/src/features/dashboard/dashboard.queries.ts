import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { dashboardApi } from "./dashboard.api.ts";

const dashboardKeys = { totals: () => ["site-totals"] as const };

export const siteTotalsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: dashboardKeys.totals(), queryFn: ({ signal }) => dashboardApi.siteTotals(api, signal) });
