import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { CategoryRow } from "./categories.repo.ts";

type InCategory = Pick<CategoryRow, "categoryID">;

/** Who may see, follow and change categories (spec §6); per category in resourceIfJunction mode. */
export const categoriesPolicy = {
  /** See a category: discussions.view there (its own permissions or inherited). */
  canView: rule("discussions.view", (viewer: Viewer, row: InCategory) =>
    can(viewer, "discussions.view", { resourceID: row.categoryID }),
  ),
  /** Post a discussion in the category (the `filterDiscussionsAdd` list). */
  canPostIn: (viewer: Viewer, row: InCategory) => can(viewer, "discussions.add", { resourceID: row.categoryID }),
  /** Create, change, move and delete categories. */
  canManage: permissionRule(["community.manage", "site.manage"]),
  /** Say what each role may do in a category (`permissions` on its create or edit), as every change of grants. */
  canSetPermissions: permissionRule("site.manage"),
  /** Read which categories another member follows. */
  canSeeFollowsOfOthers: permissionRule(["users.edit", "site.manage"]),
};
