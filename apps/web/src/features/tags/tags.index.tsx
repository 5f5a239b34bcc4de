import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { wholeSite, type SiteSectionSource } from "../../lib/site-section.tsx";
import { loadOrThrow, notFoundError, pageParam } from "../../lib/route-errors.ts";
import { tagIndexQuery } from "./tags.queries.ts";
import { TagIndexPage } from "./pages/TagIndexPage.tsx";

/**
 * `/tags`: every tag with its discussions' count, each leading to its list; pages as `?page=n`. In a subcommunity
 * (`/{folder}/tags`), the tags of its discussions, counted there.
 */
export function createTagIndexRoutes({
  queryClient,
  api,
  siteSection = wholeSite,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  siteSection?: SiteSectionSource;
}): RouteObject[] {
  return [
    {
      id: "tag-index",
      path: "tags",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const page = pageParam(new URL(request.url).searchParams);
        if (page === null) throw notFoundError();
        const list = await loadOrThrow("Tags", () =>
          queryClient.ensureQueryData(tagIndexQuery(api, page, siteSection.current()?.siteSectionID)),
        );
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      element: <TagIndexPage />,
    },
  ];
}
