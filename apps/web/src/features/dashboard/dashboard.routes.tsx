import type { QueryClient } from "@tanstack/react-query";
import { data, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow, type RouteErrorData } from "../../lib/route-errors.ts";
import { requireMember } from "../users/index.ts";
import { createCustomPagesRoutes } from "../custom-pages/index.ts";
import { createSubcommunitiesRoutes } from "../subcommunities/index.ts";
import { canOpenDashboard } from "./dashboard.nav.ts";
import { siteTotalsQuery } from "./dashboard.queries.ts";
import { DashboardHomePage } from "./pages/DashboardHomePage.tsx";

/**
 * `/dashboard`: the overview, for a member with any dashboard page to open (the spec's 403 page for
 * everyone else; a guest is sent to sign in). The site's totals are public; the page is not. With it, the custom
 * pages' screen (`/dashboard/pages`) and the subcommunities' (`/dashboard/subcommunities`), which the router loads
 * with this chunk.
 */
export function createDashboardRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  return [
    {
      id: "dashboard",
      path: "dashboard",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        if (!canOpenDashboard(me)) throw data<RouteErrorData>({ type: "Dashboard" }, { status: 403 });
        await loadOrThrow("Dashboard", () => queryClient.ensureQueryData(siteTotalsQuery(api)));
        return null;
      },
      element: <DashboardHomePage />,
    },
    ...createCustomPagesRoutes({ queryClient, api }),
    ...createSubcommunitiesRoutes({ queryClient, api }),
  ];
}
