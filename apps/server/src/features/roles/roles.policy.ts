import { permissionRule } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may do what with roles (spec §6). */
export const rolesPolicy = {
  /** Create, change and remove roles, and read their grants: site managers. */
  canManage: permissionRule("site.manage"),
  /** The grant some role must always keep: without it nobody but the admin accounts could manage roles again. */
  keptGrant: "site.manage",
  /**
   * Remove a built-in role: only the system itself. Admins pass every `can()` check, so system.only is looked up
   * in the grants themselves.
   */
  canRemoveBuiltIn: (viewer: Viewer) =>
    viewer.permissions.permissions.some(
      (fragment) => fragment.type === "global" && fragment.permissions["system.only"] === true,
    ),
};
