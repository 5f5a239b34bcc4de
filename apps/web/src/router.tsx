import type { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router";
import type { ApiClient } from "./lib/api.ts";
import { loadOrThrow, notFoundError, parsePageSegment } from "./lib/route-errors.ts";
import { AppLayout } from "./shell/AppLayout.tsx";
import { NotFoundPage, RouteErrorPage } from "./shell/ErrorPages.tsx";
import { CategoriesPage, rootCategoryListParams } from "./features/categories/pages/CategoriesPage.tsx";
import { CategoryPage } from "./features/categories/pages/CategoryPage.tsx";
import { categoryListQuery, categoryQuery } from "./features/categories/categories.queries.ts";

export interface RouteDeps {
  queryClient: QueryClient;
  api: ApiClient;
}

/**
 * Every page route. Loaders put the page's data in the query cache (the server renders from it and
 * dehydrates it; the browser hydrates from it), so components read it with `useSuspenseQuery`.
 */
export function createRoutes({ queryClient, api }: RouteDeps): RouteObject[] {
  const loadCategories = async () => {
    await loadOrThrow("Category", () => queryClient.ensureQueryData(categoryListQuery(api, rootCategoryListParams)));
    return null;
  };

  return [
    {
      id: "root",
      element: <AppLayout />,
      children: [
        {
          id: "pages",
          errorElement: <RouteErrorPage />,
          children: [
            { id: "home", index: true, loader: loadCategories, element: <CategoriesPage home /> },
            { id: "categories", path: "categories", loader: loadCategories, element: <CategoriesPage /> },
            {
              id: "category",
              path: "categories/:code/:pageSegment?",
              loader: async ({ params }) => {
                const page = parsePageSegment(params["pageSegment"]);
                if (page !== 1) throw notFoundError();
                const category = await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(categoryQuery(api, params["code"] ?? "")),
                );
                await loadOrThrow("Category", () =>
                  queryClient.ensureQueryData(
                    categoryListQuery(api, { parentCategoryID: category.categoryID, maxDepth: 2 }),
                  ),
                );
                return null;
              },
              element: <CategoryPage />,
            },
            {
              id: "not-found",
              path: "*",
              loader: () => {
                throw notFoundError();
              },
              element: <NotFoundPage />,
            },
          ],
        },
      ],
    },
  ];
}
