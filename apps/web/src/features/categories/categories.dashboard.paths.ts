import type { Me } from "@parley/contracts";

/** `/dashboard/categories`: the tree, moved and kept; `/add`, `/{id}/edit`, `/{id}/delete` beside it. */
export const categoriesDashboardPath = "/dashboard/categories";
export const categoryAddPath = `${categoriesDashboardPath}/add`;
export const categoryEditPath = (categoryID: number) => `${categoriesDashboardPath}/${categoryID}/edit`;
export const categoryDeletePath = (categoryID: number) => `${categoriesDashboardPath}/${categoryID}/delete`;
/** A deletion going on in the background, followed by its tracking ID; `name` and `content` say what it does. */
export const categoryDeletionPath = (
  categoryID: number,
  jobTrackingID: string,
  details: { name: string; content: "move" | "delete" },
) =>
  `${categoryDeletePath(categoryID)}/${encodeURIComponent(jobTrackingID)}?${new URLSearchParams(details).toString()}`;

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who keeps the categories (community.manage or site.manage, as the API's writes; the server checks again). */
export const canManageCategories = (me: Viewer) =>
  me.userID !== 0 &&
  (me.isAdmin || me.permissions.includes("community.manage") || me.permissions.includes("site.manage"));

/** Who sets a category's permissions per role (the roles API: site.manage). */
export const canSetCategoryPermissions = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
