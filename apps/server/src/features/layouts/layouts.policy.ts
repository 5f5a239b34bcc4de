import { isPermissionName } from "@parley/contracts";
import { categoryRule, permissionRule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may see which layouts and navigation items. */
export const layoutsPolicy = {
  /** A category's layout: readers of the category. */
  canViewCategory: categoryRule("discussions.view"),
  /** The widgets' catalogue (`GET /widgets`), what a layout may hold: those who manage the site (Vanilla's settings.manage). */
  canReadWidgets: permissionRule("site.manage"),
  /** The operators' layouts (`/layouts`: create, change, assign, preview): those who manage the site. */
  canManage: permissionRule("site.manage"),
  /** A navigation item needing `permission`; a name no permission has (an add-on's, say) is an administrator's item. */
  canSeeNavigationItem: (viewer: Viewer, permission: string) =>
    isPermissionName(permission) ? can(viewer, permission) : viewer.permissions.isAdmin && can(viewer, "session.valid"),
};
