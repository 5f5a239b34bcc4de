import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { categoriesDashboardApi } from "./categories.dashboard.api.ts";

export const categoryDashboardKeys = {
  all: ["dashboard-categories"] as const,
  tree: ["dashboard-categories", "tree"] as const,
  category: (categoryID: number) => ["dashboard-categories", "category", categoryID] as const,
  roles: ["dashboard-categories", "roles"] as const,
  postTypes: ["dashboard-categories", "post-types"] as const,
  deletion: (jobTrackingID: string) => ["dashboard-categories", "deletion", jobTrackingID] as const,
};

export const categoryTreeQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: categoryDashboardKeys.tree,
    queryFn: ({ signal }) => categoriesDashboardApi.tree(api, signal),
  });

export const dashboardCategoryQuery = (api: ApiClient, categoryID: number) =>
  queryOptions({
    queryKey: categoryDashboardKeys.category(categoryID),
    queryFn: ({ signal }) => categoriesDashboardApi.get(api, categoryID, signal),
  });

export const categoryRolesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: categoryDashboardKeys.roles,
    queryFn: ({ signal }) => categoriesDashboardApi.roles(api, signal),
  });

/** The site's own post types a category may take (the post types add-on). */
export const categoryPostTypesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: categoryDashboardKeys.postTypes,
    queryFn: ({ signal }) => categoriesDashboardApi.postTypes(api, signal),
  });

/** A category's deletion in the background: asked again every second while it goes on. */
export const categoryDeletionQuery = (api: ApiClient, jobTrackingID: string) =>
  queryOptions({
    queryKey: categoryDashboardKeys.deletion(jobTrackingID),
    queryFn: ({ signal }) => categoriesDashboardApi.deletion(api, jobTrackingID, signal),
    refetchInterval: (query) => (query.state.data?.status === "intended" ? 1000 : false),
  });
