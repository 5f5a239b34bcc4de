import type { Me } from "@parley/contracts";
import { newMemberMessageRefusal } from "@parley/contracts/new-members-constants";

/** `conversations.add` (administrators hold every permission). */
export const mayMessage = (me: Me) => me.userID !== 0 && (me.isAdmin || me.permissions.includes("conversations.add"));

/** Why a member holding the permission may not start one now: a new member's limit (the server's sentence), or null. */
export const messageRefusal = (me: Me) => newMemberMessageRefusal(me.newMember);

/** Whether the member may start a conversation: the permission, and no limit for new members in the way. */
export const canStartConversation = (me: Me) => mayMessage(me) && messageRefusal(me) === null;
