import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";

/** Who warns, reads warnings and notes, and manages moderation messages (Vanilla: Garden.Moderation.Manage, Garden.Community.Manage). */
export const warningsPolicy = {
  /** Warn a member, reverse a warning, read and write moderators' notes: moderators. */
  canModerate: permissionRule("community.moderate"),
  /** A member's warnings: the member themself and moderators. */
  canViewWarnings: rule(
    "community.moderate",
    (viewer, userID: number) => (viewer.userID > 0 && viewer.userID === userID) || can(viewer, "community.moderate"),
  ),
  /** A message of a category's pages: those who may see the category (discussions.view there). */
  canSeeCategoryMessage: rule("discussions.view", (viewer, categoryID: number) =>
    can(viewer, "discussions.view", { resourceID: categoryID }),
  ),
  /** Add, change and remove moderation messages, and see those turned off: community managers. */
  canManageMessages: permissionRule("community.manage"),
  /** Dismiss a message for oneself: a signed-in member. */
  isSignedIn: permissionRule("session.valid"),
};
