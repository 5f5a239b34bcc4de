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
