import {
  type Category,
  type CategoryPatch,
  type CategoryPost,
  type CategoryTreeItem,
  type Role,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** One role's grants in one category (the roles API's category fragment). */
export interface CategoryGrants {
  roleID: number;
  permissions: Record<string, boolean>;
}

/**
 * The categories' upkeep (vanilla-categories.yml; community.manage), and their permissions per role (site.manage:
 * the roles with their grants, and Parley's `PUT /categories/{id}/permissions`).
 */
export const categoriesDashboardApi = {
  /** The whole tree, archived ones too, as far down as the API goes. */
  tree: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<CategoryTreeItem[]>("/categories", { maxDepth: 10 }, signal)).data,
  get: async (api: ApiClient, categoryID: number, signal?: AbortSignal) =>
    (await api.get<Category>(`/categories/${categoryID}`, undefined, signal)).data,
  create: async (api: ApiClient, body: CategoryPost) =>
    (await api.request<Category>({ method: "POST", path: "/categories", body })).data,
  patch: async (api: ApiClient, categoryID: number, body: CategoryPatch) =>
    (await api.request<Category>({ method: "PATCH", path: `/categories/${categoryID}`, body })).data,
  /** Deletes the category: its discussions and subcategories move to `newCategoryID`, or go with it. */
  remove: async (api: ApiClient, categoryID: number, newCategoryID: number | null) => {
    await api.request({
      method: "DELETE",
      path: `/categories/${categoryID}`,
      body: newCategoryID === null ? {} : { newCategoryID },
    });
  },
  /** The roles with their grants, global and per category. */
  roles: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Role[]>("/roles", { expand: ["permissions"] }, signal)).data,
  /** Every role's grants in the category, replaced at once (one transaction); it has its own permissions then. */
  setGrants: async (api: ApiClient, categoryID: number, roles: CategoryGrants[]) => {
    await api.request({ method: "PUT", path: `/categories/${categoryID}/permissions`, body: { roles } });
  },
};
