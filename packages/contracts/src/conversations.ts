import { Type, type Static } from "typebox";
import { DateTime, Expand, Nullable } from "./common.ts";
import { conversationRules } from "./conversations-constants.ts";
import { Limit, Page } from "./pagination.ts";
import type { UserFragment } from "./users.ts";

export * from "./conversations-constants.ts";

const Id = Type.Integer({ minimum: 1 });

/** One member of a conversation; `status` is `deleted` once they have left it. */
export const ConversationParticipant = Type.Object({
  userID: Type.Integer(),
  status: Type.Union([Type.Literal("participating"), Type.Literal("deleted")]),
  user: Type.Optional(Type.Ref("UserFragment")),
});
export type ConversationParticipant = Omit<Static<typeof ConversationParticipant>, "user"> & { user?: UserFragment };

/** A private conversation as one participant sees it (reference §6, `conversations-conversations.yml`). */
export const Conversation = Type.Object(
  {
    conversationID: Type.Integer(),
    name: Type.String({ description: "Its name, or the other participants' names when it has none." }),
    body: Type.String({ description: "The latest message, rendered and sanitised HTML (empty when none)." }),
    excerpt: Type.String({ description: "The latest message as plain text, cut short." }),
    url: Type.String(),
    dateInserted: DateTime,
    dateUpdated: DateTime,
    insertUserID: Type.Integer(),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    countMessages: Type.Integer(),
    countParticipants: Type.Integer(),
    countUnread: Type.Optional(Type.Integer({ description: "Messages the viewer has not read." })),
    unread: Type.Optional(Type.Boolean()),
    participants: Type.Array(ConversationParticipant),
    lastMessage: Nullable(
      Type.Object({
        messageID: Type.Integer(),
        insertUserID: Type.Integer(),
        dateInserted: DateTime,
        /** Always sent, as Vanilla's schema requires (`expand=lastInsertUser` is accepted and changes nothing). */
        insertUser: Type.Ref("UserFragment"),
      }),
    ),
  },
  { $id: "Conversation" },
);
export type Conversation = Omit<Static<typeof Conversation>, "insertUser" | "participants" | "lastMessage"> & {
  insertUser?: UserFragment;
  participants: ConversationParticipant[];
  lastMessage: { messageID: number; insertUserID: number; dateInserted: string; insertUser: UserFragment } | null;
};

export const ConversationListQuery = Type.Object({
  insertUserID: Type.Optional(Id),
  participantUserID: Type.Optional(Id),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(conversationRules.listMaxLimit, conversationRules.listDefaultLimit)),
  expand: Type.Optional(Expand),
});
export type ConversationListQuery = Static<typeof ConversationListQuery>;

export const ConversationGetQuery = Type.Object({ expand: Type.Optional(Expand) });

const ParticipantIDs = Type.Array(Id, { minItems: 1, maxItems: conversationRules.maxParticipants });

export const ConversationPost = Type.Object({
  participantUserIDs: ParticipantIDs,
  name: Type.Optional(Type.String({ maxLength: conversationRules.nameMaxLength })),
  initialBody: Type.Optional(Type.String({ maxLength: conversationRules.messageSourceMaxLength })),
  initialFormat: Type.Optional(Type.String()),
});
export type ConversationPost = Static<typeof ConversationPost>;

export const ParticipantsPost = Type.Object({ participantUserIDs: ParticipantIDs });
export type ParticipantsPost = Static<typeof ParticipantsPost>;

export const ParticipantListQuery = Type.Object({
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(conversationRules.messagesMaxLimit, conversationRules.messagesDefaultLimit)),
});
export type ParticipantListQuery = Static<typeof ParticipantListQuery>;

/** A message of a conversation (`conversations-messages.yml`). */
export const ConversationMessage = Type.Object(
  {
    messageID: Type.Integer(),
    conversationID: Type.Integer(),
    body: Type.String({ description: "Rendered, sanitised HTML." }),
    insertUserID: Type.Integer(),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    dateInserted: DateTime,
  },
  { $id: "ConversationMessage" },
);
export type ConversationMessage = Omit<Static<typeof ConversationMessage>, "insertUser"> & {
  insertUser?: UserFragment;
};

export const MessageListQuery = Type.Object({
  conversationID: Type.Optional(Id),
  insertUserID: Type.Optional(Id),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(conversationRules.messagesMaxLimit, conversationRules.messagesDefaultLimit)),
  expand: Type.Optional(Expand),
});
export type MessageListQuery = Static<typeof MessageListQuery>;

export const MessagePost = Type.Object({
  conversationID: Id,
  body: Type.String({ minLength: 1, maxLength: conversationRules.messageSourceMaxLength }),
  format: Type.String(),
});
export type MessagePost = Static<typeof MessagePost>;

export const sharedConversationSchemas = [Conversation, ConversationMessage];
