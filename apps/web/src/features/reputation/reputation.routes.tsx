import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import { useParams, useSearchParams } from "react-router";
import { leaderboardSlotTypes, type LeaderboardSlotType } from "@parley/contracts/reputation-constants";
import type { ApiClient } from "../../lib/api.ts";
import { wholeSite, type SiteSectionSource } from "../../lib/site-section.tsx";
import { loadOrThrow, notFoundError, pageParam, recordIDParam } from "../../lib/route-errors.ts";
import { categoryListQuery } from "../categories/index.ts";
import { badgeQuery, badgeRecipientsQuery, badgesQuery, leadersQuery } from "./reputation.queries.ts";
import { BadgePage } from "./pages/BadgePage.tsx";
import { BadgesPage } from "./pages/BadgesPage.tsx";
import { createRanksRoutes } from "./ranks.routes.tsx";
import { LeaderboardPage, leaderboardCategories, leaderboardParams } from "./pages/LeaderboardPage.tsx";

/** The page's period (`?period=m|w|d|y`, all time unless one of those) and category (`?categoryID=`). */
function pageParams(search: URLSearchParams): { slotType: LeaderboardSlotType; categoryID?: number } {
  const period = search.get("period");
  const slotType = leaderboardSlotTypes.find((value) => value === period) ?? "a";
  const categoryID = Number(search.get("categoryID"));
  return Number.isInteger(categoryID) && categoryID > 0 ? { slotType, categoryID } : { slotType };
}

function LeaderboardRoute() {
  const [search] = useSearchParams();
  return <LeaderboardPage {...pageParams(search)} />;
}

function BadgeRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  return <BadgePage badgeID={recordIDParam(id, "Badge")} page={pageParam(search) ?? 1} />;
}

/**
 * `/leaderboard`: the members with the most points, by period and category (in a subcommunity, points earned in its
 * categories, and its categories to choose from); `/badges` and `/badges/{id}`: the badges
 * and who earned one (everyone who may view profiles).
 */
export function createReputationRoutes({
  queryClient,
  api,
  siteSection = wholeSite,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  siteSection?: SiteSectionSource;
}): RouteObject[] {
  return [
    // `/dashboard/ranks` (the ranks add-on), in this chunk: the reading pages' bundle carries one loader fewer.
    ...createRanksRoutes({ queryClient, api }),
    {
      id: "leaderboard",
      path: "leaderboard",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const params = pageParams(new URL(request.url).searchParams);
        const siteSectionID = siteSection.current()?.siteSectionID;
        await Promise.all([
          loadOrThrow("Category", () =>
            queryClient.ensureQueryData(leadersQuery(api, leaderboardParams(params, siteSectionID))),
          ),
          loadOrThrow("Category", () =>
            queryClient.ensureQueryData(categoryListQuery(api, leaderboardCategories(siteSectionID))),
          ),
        ]);
        return null;
      },
      element: <LeaderboardRoute />,
    },
    {
      id: "badges",
      path: "badges",
      loader: async () => {
        await loadOrThrow("Badge", () => queryClient.ensureQueryData(badgesQuery(api)));
        return null;
      },
      element: <BadgesPage />,
    },
    {
      id: "badge",
      path: "badges/:id",
      loader: async ({ params, request }: LoaderFunctionArgs) => {
        const badgeID = recordIDParam(params["id"], "Badge");
        const page = pageParam(new URL(request.url).searchParams) ?? 1;
        const [, recipients] = await Promise.all([
          loadOrThrow("Badge", () => queryClient.ensureQueryData(badgeQuery(api, badgeID))),
          loadOrThrow("Badge", () => queryClient.ensureQueryData(badgeRecipientsQuery(api, badgeID, page))),
        ]);
        if (page > 1 && recipients.length === 0) throw notFoundError("Badge");
        return null;
      },
      element: <BadgeRoute />,
    },
  ];
}
