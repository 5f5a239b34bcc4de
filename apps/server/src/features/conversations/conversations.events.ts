/** What conversations emit after their transaction commits (the live stream listens). */
interface MessageCreatedEvent {
  messageID: number;
  conversationID: number;
  insertUserID: number;
  dateInserted: string;
  /** Everyone taking part now (the sender included): each gets the live `message` event on their own channel. */
  participantUserIDs: number[];
}

/** A member read a conversation: their unread count changed. */
interface ConversationReadEvent {
  userID: number;
  conversationID: number;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    "message.created": MessageCreatedEvent;
    "conversation.read": ConversationReadEvent;
  }
}

export {};
