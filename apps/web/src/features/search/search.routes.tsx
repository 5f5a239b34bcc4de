import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { categoryListQuery } from "../categories/index.ts";
import { ignoredUsersQuery } from "../ignore/index.ts";
import { meQuery } from "../users/index.ts";
import { SearchPage } from "./pages/SearchPage.tsx";
import type { SiteSectionSource } from "../../lib/site-section.tsx";
import { hasSearchInput, readSearchPage, searchApiParams, searchSectionID } from "./search.params.ts";
import { searchCategoryTree, searchResultsQuery, searchSettingsQuery } from "./search.queries.ts";

/** `/search` (spec §2): server-rendered with the first page of results; in a subcommunity, its section's. */
export function createSearchRoutes({
  queryClient,
  api,
  siteSection,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  siteSection?: SiteSectionSource;
}): RouteObject[] {
  return [
    {
      id: "search",
      path: "search",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const settings = await queryClient.ensureQueryData(searchSettingsQuery(api));
        const state = readSearchPage(new URL(request.url).searchParams, settings.newSearchPage);
        const section = siteSection?.current() ?? null;
        if (state.domain === "all_content" || state.domain === "discussions")
          await loadOrThrow("Categories", () =>
            queryClient.ensureQueryData(categoryListQuery(api, searchCategoryTree(searchSectionID(state, section)))),
          );
        if (hasSearchInput(state)) {
          await loadOrThrow("Search", () =>
            queryClient.ensureQueryData(searchResultsQuery(api, searchApiParams(state, section))),
          );
          // A member's ignored list: their posts' excerpts render collapsed (guests ask nothing).
          const me = await queryClient.ensureQueryData(meQuery(api));
          if (me.userID > 0) await queryClient.prefetchQuery(ignoredUsersQuery(api, me.userID));
        }
        return null;
      },
      element: <SearchPage />,
    },
  ];
}
