import type { SiteTotals } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The site's totals (dashboard-site-totals.yml): every count, with the new ones of 7 and 30 days. */
export const dashboardApi = {
  siteTotals: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<SiteTotals>("/site-totals", { counts: ["all"] }, signal)).data,
};
