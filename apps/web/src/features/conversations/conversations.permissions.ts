import type { Me } from "@parley/contracts";

/** `conversations.add` (administrators hold every permission). */
export const canStartConversation = (me: Me) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("conversations.add"));
