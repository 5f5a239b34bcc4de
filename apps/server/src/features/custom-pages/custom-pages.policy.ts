import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may do what with custom pages: site managers write them and see every one; others see what is theirs to see. */
export const customPagesPolicy = {
  canManage: permissionRule("site.manage"),
  /** A page is seen when published and, when it names roles, by a viewer with one of them; managers see all. */
  canView: rule(
    "site.manage",
    (viewer: Viewer, page: { status: string; roleIDs: readonly number[] }) =>
      can(viewer, "site.manage") ||
      (page.status === "published" &&
        (page.roleIDs.length === 0 || page.roleIDs.some((roleID) => viewer.roleIDs.includes(roleID)))),
  ),
};
