import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

const isSelf = (viewer: Viewer, userID: number) => viewer.userID !== 0 && viewer.userID === userID;

/** Who may see and change whom a member ignores. */
export const ignorePolicy = {
  /** A member's list: the member themself, or those who edit users and site managers. */
  canView: rule(
    ["users.edit", "site.manage"],
    (viewer: Viewer, userID: number) => isSelf(viewer, userID) || can(viewer, ["users.edit", "site.manage"]),
  ),
  /** Ignoring and stopping: the member themself only (a signed-in member). */
  canChange: isSelf,
  /** Moderators and administrators cannot be ignored (and their messages always reach). */
  isModerator: permissionRule(["community.moderate", "site.manage"]),
};
