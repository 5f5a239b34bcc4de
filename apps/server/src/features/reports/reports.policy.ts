import { categoryRule, permissionRule } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may report, moderate reports and manage their reasons (vanilla-reports.yml). */
export const reportsPolicy = {
  /** Report a post. */
  canReport: permissionRule("flag.add"),
  /** List, dismiss and act on reports (private messages' reports too). */
  canModerate: permissionRule("community.moderate"),
  /** A private message's report is never shown to the message's author, whatever their permissions. */
  maySeeReport: (viewer: Viewer, report: { recordType: string; recordUserID: number }) =>
    report.recordType !== "message" || report.recordUserID !== viewer.userID,
  /** A report is moderated by those who may also read the category its post is in. */
  canViewPlace: categoryRule("discussions.view"),
  /** The premoderation queue: community moderators, and moderators of posts in any category. */
  canModeratePending: permissionRule(["community.moderate", "posts.moderate"]),
  /** A held post is approved or rejected by community moderators or moderators of posts in its category. */
  moderatesPendingIn: categoryRule(["community.moderate", "posts.moderate"]),
  /** Manage the reasons, see them all and how often they were used. */
  canManageReasons: permissionRule("community.manage"),
  /** A reason the viewer may pick: for everyone, for one of their roles, or any to reason managers. */
  mayPickReason: (viewer: Viewer, roleIDs: readonly number[]) =>
    roleIDs.length === 0 || reportsPolicy.canManageReasons(viewer) || roleIDs.some((id) => viewer.roleIDs.includes(id)),
};
