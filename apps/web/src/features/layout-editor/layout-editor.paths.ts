import type { Me } from "@parley/contracts";

/** `/dashboard/layouts`: every view type's default and the site's own layouts. */
export const layoutsDashboardPath = "/dashboard/layouts";
/** A new layout of a view type, started from that view type's default. */
export const newLayoutPath = (layoutViewType: string) =>
  `${layoutsDashboardPath}/new?layoutViewType=${encodeURIComponent(layoutViewType)}`;
/** The editor of one of the site's own layouts. */
export const layoutEditorPath = (layoutID: string | number) =>
  `${layoutsDashboardPath}/${encodeURIComponent(String(layoutID))}/edit`;

/** Who edits layouts: those who manage the site (site.manage, as themes; the server checks again). */
export const canManageLayouts = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

/**
 * A page of the layout's view type with `?layoutPreview=`: the site as it would look with that stored layout (for site
 * managers; the server ignores it for anyone else). Null where the view type needs a record the editor was not given.
 */
export function sitePreviewPath(layoutViewType: string, layoutID: string | number, recordID: string): string | null {
  const query = `?layoutPreview=${encodeURIComponent(String(layoutID))}`;
  switch (layoutViewType) {
    case "discussionList":
      return `/discussions${query}`;
    case "categoryList":
      return `${recordID ? `/categories/${recordID}` : "/categories"}${query}`;
    case "post":
      return recordID ? `/discussion/${recordID}${query}` : null;
    case "createPost":
      return `/post/discussion${recordID ? `/${recordID}` : ""}${query}`;
    default:
      return `/${query}`;
  }
}
