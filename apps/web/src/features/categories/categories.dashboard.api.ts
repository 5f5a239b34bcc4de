import {
  type CallStatus,
  type Category,
  type CategoryPatch,
  type CategoryPost,
  type CategoryTreeItem,
  type PostType,
  type Role,
  type TrackingSlip,
} from "@parley/contracts";
import { noneUnlessOn, type ApiClient } from "../../lib/api.ts";

/**
 * The categories' upkeep (vanilla-categories.yml; community.manage), and their permissions per role (site.manage:
 * the roles with their grants; a category's own are sent with it, as `permissions` on its POST or PATCH).
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
  /**
   * Deletes the category in the background (long-running, `longRunnerMode=async`): its discussions and
   * subcategories move to `newCategoryID`, or go with it. The tracking slip follows it (`status`).
   */
  remove: async (api: ApiClient, categoryID: number, newCategoryID: number | null) =>
    (
      await api.request<TrackingSlip>({
        method: "DELETE",
        path: `/categories/${categoryID}`,
        query: { longRunnerMode: "async" },
        body: newCategoryID === null ? {} : { newCategoryID },
      })
    ).data,
  /** Where a deletion asked for by `remove` stands. */
  deletion: async (api: ApiClient, jobTrackingID: string, signal?: AbortSignal) =>
    (await api.get<CallStatus>(`/calls/${encodeURIComponent(jobTrackingID)}`, undefined, signal)).data,
  /** The site's own active post types a category may take (the post types add-on; none while it is off). */
  postTypes: (api: ApiClient, signal?: AbortSignal): Promise<PostType[]> =>
    noneUnlessOn(
      api,
      "postTypes.enabled",
      async () => (await api.get<PostType[]>("/post-types", { isOriginal: false, isActive: true }, signal)).data,
      signal,
    ),
  /** The roles with their grants, global and per category. */
  roles: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Role[]>("/roles", { expand: ["permissions"] }, signal)).data,
};
