import { isPermissionName } from "@parley/contracts";
import { categoryRule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may see which layouts and navigation items. */
export const layoutsPolicy = {
  /** A category's layout: readers of the category. */
  canViewCategory: categoryRule("discussions.view"),
  /** A navigation item needing `permission`; a name no permission has (an add-on's, say) is an administrator's item. */
  canSeeNavigationItem: (viewer: Viewer, permission: string) =>
    isPermissionName(permission) ? can(viewer, permission) : viewer.permissions.isAdmin && can(viewer, "session.valid"),
};
