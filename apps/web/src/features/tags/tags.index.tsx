import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow, notFoundError, pageParam } from "../../lib/route-errors.ts";
import { tagIndexQuery } from "./tags.queries.ts";
import { TagIndexPage } from "./pages/TagIndexPage.tsx";

/** `/tags`: every tag with its discussions' count, each leading to its list; pages as `?page=n`. */
export function createTagIndexRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  return [
    {
      id: "tag-index",
      path: "tags",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const page = pageParam(new URL(request.url).searchParams);
        if (page === null) throw notFoundError();
        const list = await loadOrThrow("Tags", () => queryClient.ensureQueryData(tagIndexQuery(api, page)));
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      element: <TagIndexPage />,
    },
  ];
}
