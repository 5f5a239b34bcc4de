import type { WidgetRegistry } from "../layouts/index.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { serverRendered } from "../../ui/kept-html.tsx";
import { categoryListQuery, categoryQuery } from "./categories.queries.ts";
import { CategoriesPage } from "./pages/CategoriesPage.tsx";
import { CategoryBreadcrumbs, CategoryHeader, Subcategories } from "./pages/CategoryPage.tsx";

/** A panel's compact list, rendered by the server only (reading pages carry none of its JavaScript). */
const CategoryPanel = serverRendered(() =>
  import("./components/CategoryPanel.tsx").then((module) => module.CategoryPanel),
);

/** The categories' layout widgets: each `prefetch` fetches what the widget shows through the feature's queries. */
export const categoryWidgets = {
  "react.asset.categoryList": {
    component: ({ apiParams, variant }) =>
      variant === "panel" ? (
        <CategoryPanel params={apiParams} />
      ) : variant === "subcategories" ? (
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
