import { permissionRule, rule } from "../../platform/auth/access.ts";
import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may do what with private conversations (spec §6). */
export const conversationsPolicy = {
  /** Write to others (start a conversation, add participants): `conversations.add`. */
  canMessage: permissionRule("conversations.add"),
  /** Start one (the Message button): signed in with `conversations.add`. */
  canStart: (viewer: Viewer) => viewer.userID > 0 && conversationsPolicy.canMessage(viewer),
  /** Read anyone's conversations: `conversations.moderate` (administrators hold every permission). */
  canModerate: rule(
    "conversations.moderate",
    (viewer: Viewer) => viewer.userID > 0 && can(viewer, "conversations.moderate"),
  ),
  /** Flood control spares accounts that bypass spam checks and moderators. */
  bypassesFlood: (viewer: Viewer) => viewer.user?.bypassSpam === 1 || can(viewer, "community.moderate"),
  /** Taking part: a participation row that has not left. */
  isParticipant: (participation: { deleted: number } | undefined) =>
    participation !== undefined && participation.deleted === 0,
};
