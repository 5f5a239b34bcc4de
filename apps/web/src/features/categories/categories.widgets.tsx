import type { WidgetRegistry } from "../layouts/index.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { categoryListQuery, categoryQuery } from "./categories.queries.ts";
import { CategoriesPage } from "./pages/CategoriesPage.tsx";
import { CategoryBreadcrumbs, CategoryHeader, Subcategories } from "./pages/CategoryPage.tsx";

/** The categories' layout widgets: each `prefetch` fetches what the widget shows through the feature's queries. */
export const categoryWidgets = {
  "react.asset.categoryList": {
    component: ({ apiParams, variant }) =>
      variant === "subcategories" ? (
        <Subcategories parentCategoryID={apiParams.parentCategoryID ?? -1} />
      ) : (
        <CategoriesPage home={variant === "home"} params={apiParams} />
      ),
    prefetch: ({ queryClient, api }, { apiParams }) =>
      loadOrThrow("Category", () => queryClient.ensureQueryData(categoryListQuery(api, apiParams))),
  },
  "react.asset.categoryHeader": {
    component: ({ categoryCode, page }) => <CategoryHeader code={categoryCode} page={page} />,
    prefetch: ({ queryClient, api }, { categoryCode }) =>
      loadOrThrow("Category", () => queryClient.ensureQueryData(categoryQuery(api, categoryCode))),
  },
  // A category's trail (a discussion's is part of the discussion asset, which renders the API's breadcrumbs).
  "react.breadcrumbs": {
    component: ({ recordType, recordID }) =>
      recordType === "category" ? <CategoryBreadcrumbs code={recordID} /> : null,
    prefetch: async ({ queryClient, api }, { recordType, recordID }) => {
      if (recordType !== "category") return;
      await loadOrThrow("Category", () => queryClient.ensureQueryData(categoryQuery(api, recordID)));
    },
  },
} satisfies WidgetRegistry;
