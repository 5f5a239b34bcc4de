import { can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";

/** Who may do what with private conversations (spec §6). */
export const conversationsPolicy = {
  /** Start one (the Message button): `conversations.add`. */
  canStart: (viewer: Viewer) => viewer.userID > 0 && can(viewer, "conversations.add"),
  /** Read anyone's conversations: `conversations.moderate` (administrators hold every permission). */
  canModerate: (viewer: Viewer) => viewer.userID > 0 && can(viewer, "conversations.moderate"),
  /** Taking part: a participation row that has not left. */
  isParticipant: (participation: { deleted: number } | undefined) =>
    participation !== undefined && participation.deleted === 0,
};
