import type { Me } from "@parley/contracts";

/**
 * `/dashboard/moderation/messages`: community managers list, add, change and remove moderation messages. Here,
 * not in contracts' constants: the dashboard's navigation (on every page) then carries none of those.
 */
export const moderationMessagesPagePath = "/dashboard/moderation/messages";

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who manages moderation messages (community.manage; the server checks again). */
export const canManageModerationMessages = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.manage"));
