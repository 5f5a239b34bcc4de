import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";

/** Who may do what with fragments: site managers write and read every revision; anyone runs the active ones. */
export const fragmentsPolicy = {
  canManage: permissionRule("site.manage"),
  /** A revision's code and frame: the active revision is what pages show; drafts and past ones are managers'. */
  canRun: rule(
    "site.manage",
    (viewer, status: "draft" | "active" | "past-revision") => status === "active" || can(viewer, "site.manage"),
  ),
};
