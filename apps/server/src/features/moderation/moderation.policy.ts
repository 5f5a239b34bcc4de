import { permissionRule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may do what with moderation history and the audit log. */
export const moderationPolicy = {
  /** Staff, whose requests are audited: the holders of a moderation or administration permission. */
  isStaff: (viewer: Viewer) =>
    viewer.userID !== 0 &&
    (can(viewer, "community.moderate") || can(viewer, "community.manage") || can(viewer, "site.manage")),
  /** Read and restore a discussion's change history. */
  canModerate: permissionRule("community.moderate"),
  canReadAuditLog: permissionRule("site.manage"),
};
