import type { Category, CategoryTreeItem } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface CategoryListParams {
  parentCategoryID?: number;
  maxDepth?: number;
  /** A subcommunity's categories (its root's children and their subtrees). */
  siteSectionID?: string;
}

export const categoriesApi = {
  list: (api: ApiClient, params: CategoryListParams, signal?: AbortSignal) =>
    api.get<CategoryTreeItem[]>("/categories", { ...params }, signal),
  /** By id or by `urlcode` (the smart id `$urlcode:`). */
  get: (api: ApiClient, idOrCode: string | number, signal?: AbortSignal) =>
    api.get<Category>(
      `/categories/${typeof idOrCode === "number" || /^\d+$/.test(idOrCode) ? idOrCode : encodeURIComponent(`$urlcode:${idOrCode}`)}`,
      undefined,
      signal,
    ),
  /** `PUT /categories/{id}/follow`: the signed-in member follows or unfollows the category. */
  follow: async (api: ApiClient, categoryID: number, followed: boolean) =>
    (
      await api.request<{ followed: boolean }>({
        method: "PUT",
        path: `/categories/${categoryID}/follow`,
        body: { followed },
      })
    ).data,
};
