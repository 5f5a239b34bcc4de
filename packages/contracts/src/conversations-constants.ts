/**
 * Private conversations: rules, paths and live event shapes shared by server and web. Free of TypeBox,
 * so the browser bundle can import it.
 */
export const conversationRules = {
  /**
   * Vanilla's Conversations.Message.MaxLength: characters of the message as it reads (its plain text), so a
   * rich2 message's JSON does not count against it.
   */
  messageMaxLength: 2000,
  /** The longest source accepted (a rich2 document's JSON is several times its text). */
  messageSourceMaxLength: 50000,
  nameMaxLength: 255,
  /** Recipients named in one request (POST /conversations, POST /conversations/{id}/participants). */
  maxParticipants: 50,
  /** GET /conversations (reference §6): 50 by default, 100 at most. */
  listDefaultLimit: 50,
  listMaxLimit: 100,
  /** GET /messages and participants: 50 by default. */
  messagesDefaultLimit: 50,
  messagesMaxLimit: 100,
} as const;

export const conversationMessages = {
  notParticipant: "You are not a participant of this conversation.",
  unknownUser: "There is no member with the ID {id}.",
  cannotMessage: "{name} can't receive private messages.",
  noRecipients: "Choose at least one other member to message.",
  disabled: "Private messages are turned off on this site.",
  tooLong: "The message is too long.",
} as const;

/** Site-relative page of a conversation. */
export const conversationPath = (conversationID: number) => `/messages/${conversationID}`;

/** `message` event data on the live stream: a new message in a conversation the member takes part in. */
export interface LiveConversationMessage {
  messageID: number;
  conversationID: number;
  insertUserID: number;
  dateInserted: string;
}

/** `/messages` (page 1) and `/messages?page=N`: the member's conversations. */
export const conversationsPagePath = (page = 1) => (page > 1 ? `/messages?page=${page}` : "/messages");

/**
 * The composer (spec §2): `/messages/add/{name}` to a member (the user segment encoded like profile
 * links: slash and ampersand escaped first), `/messages/add?content=` with a prefilled body.
 */
export const newMessagePath = (name?: string) =>
  name ? `/messages/add/${encodeURIComponent(name.replace(/\//g, "%2F").replace(/&/g, "%26"))}` : "/messages/add";
