import type { Conversation, ConversationMessage, UserFragment } from "@parley/contracts";

export const fragment = (userID: number, name: string): UserFragment => ({
  userID,
  name,
  photoUrl: `http://localhost/images/${name.toLowerCase()}.png`,
  url: `http://localhost/profile/${name}`,
  dateLastActive: null,
});

/** A conversation between Ada (7, the test member) and Bea (8), as the API returns it. */
export function makeConversation(
  overrides: Partial<Conversation> & Pick<Conversation, "conversationID">,
): Conversation {
  const id = overrides.conversationID;
  return {
    name: "Bea",
    body: "<p>Hello</p>",
    excerpt: `Hello ${id}`,
    url: `http://localhost/messages/${id}`,
    dateInserted: "2025-01-01T11:00:00+00:00",
    dateUpdated: "2025-01-01T11:00:00+00:00",
    insertUserID: 8,
    countMessages: 1,
    countParticipants: 2,
    countUnread: 0,
    unread: false,
    participants: [
      { userID: 7, status: "participating", user: fragment(7, "Ada") },
      { userID: 8, status: "participating", user: fragment(8, "Bea") },
    ],
    lastMessage: {
      messageID: 1,
      insertUserID: 8,
      dateInserted: "2025-01-01T11:00:00+00:00",
      insertUser: fragment(8, "Bea"),
    },
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ConversationMessage> & Pick<ConversationMessage, "messageID">) {
  return {
    conversationID: 5,
    body: `<p>Message ${overrides.messageID}</p>`,
    insertUserID: 8,
    insertUser: fragment(8, "Bea"),
    dateInserted: "2025-01-01T11:00:00+00:00",
    ...overrides,
  } satisfies ConversationMessage;
}
