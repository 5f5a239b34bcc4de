import {
  conversationPath,
  type Conversation,
  type ConversationMessage,
  type ConversationParticipant,
  type UserFragment,
} from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { renderBody, renderExcerpt, type PostFormat } from "../../platform/render/index.ts";
import type { ConversationRow, MessageRow } from "./conversations.repo.ts";
import { unknownUser } from "./conversations.deps.ts";

const EXCERPT_LENGTH = 160;

/** `expand` names: insertUser, all (or true); lastInsertUser is accepted, the last message's author always sent. */
export const expands = (expand: string[] | undefined) => {
  const names = new Set(expand ?? []);
  const all = names.has("all") || names.has("true");
  return { insertUser: all || names.has("insertUser") };
};

export interface ConversationPresentContext {
  origin: string;
  viewerID: number;
  expand: ReturnType<typeof expands>;
  users: Map<number, UserFragment>;
  participants: Array<{ userID: number; deleted: number }>;
  lastMessage: MessageRow | undefined;
  /** The listed member's read count; undefined when the viewer reads as a moderator, not a participant. */
  countReadMessages: number | undefined;
}

const fragment = (users: Map<number, UserFragment>, userID: number, origin: string) =>
  users.get(userID) ?? unknownUser(origin);

export function presentConversation(row: ConversationRow, context: ConversationPresentContext): Conversation {
  const { origin, users, viewerID, lastMessage } = context;
  const participants: ConversationParticipant[] = context.participants.map((p) => ({
    userID: p.userID,
    status: p.deleted === 1 ? "deleted" : "participating",
    user: fragment(users, p.userID, origin),
  }));
  const others = participants.filter((p) => p.status === "participating" && p.userID !== viewerID);
  const fallbackName = (others.length ? others : participants).map((p) => p.user!.name).join(", ");
  const format = (lastMessage?.format ?? "text") as PostFormat;
  const conversation: Conversation = {
    conversationID: row.conversationID,
    name: row.name?.trim() ? row.name : fallbackName,
    body: lastMessage ? renderBody(lastMessage.body, format, { origin }) : "",
    excerpt: lastMessage ? renderExcerpt(lastMessage.body, format, EXCERPT_LENGTH) : "",
    url: `${origin}${conversationPath(row.conversationID)}`,
    dateInserted: toRfc3339(row.dateInserted),
    dateUpdated: toRfc3339(row.dateUpdated),
    insertUserID: row.insertUserID,
    countMessages: row.countMessages,
    countParticipants: row.countParticipants,
    participants,
    lastMessage: lastMessage
      ? {
          messageID: lastMessage.messageID,
          insertUserID: lastMessage.insertUserID,
          dateInserted: toRfc3339(lastMessage.dateInserted),
          insertUser: fragment(users, lastMessage.insertUserID, origin),
        }
      : null,
  };
  if (context.expand.insertUser) conversation.insertUser = fragment(users, row.insertUserID, origin);
  if (context.countReadMessages !== undefined) {
    const countUnread = Math.max(0, row.countMessages - context.countReadMessages);
    conversation.countUnread = countUnread;
    conversation.unread = countUnread > 0;
  }
  return conversation;
}

export function presentMessage(row: MessageRow, origin: string, users: Map<number, UserFragment>): ConversationMessage {
  return {
    messageID: row.messageID,
    conversationID: row.conversationID,
    body: renderBody(row.body, row.format as PostFormat, { origin }),
    insertUserID: row.insertUserID,
    insertUser: fragment(users, row.insertUserID, origin),
    dateInserted: toRfc3339(row.dateInserted),
  };
}
