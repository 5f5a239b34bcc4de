import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/**
 * "Download my data": the private conversations a member takes part in (not those they left) with every
 * message in them, which they may read, whoever wrote it.
 */
export async function exportMemberConversations(db: Kysely<DB>, userID: number) {
  const conversations = await db
    .selectFrom("userConversations")
    .innerJoin("conversations", "conversations.conversationID", "userConversations.conversationID")
    .select(["conversations.conversationID", "conversations.name", "conversations.dateInserted"])
    .where("userConversations.userID", "=", userID)
    .where("userConversations.deleted", "=", 0)
    .orderBy("conversations.conversationID")
    .execute();
  const ids = conversations.map((conversation) => conversation.conversationID);
  const messages = ids.length
    ? await db
        .selectFrom("conversationMessages")
        .select([
          "conversationMessages.messageID",
          "conversationMessages.conversationID",
          "conversationMessages.insertUserID",
          "conversationMessages.body",
          "conversationMessages.format",
          "conversationMessages.dateInserted",
        ])
        .where("conversationMessages.conversationID", "in", ids)
        .orderBy("conversationMessages.messageID")
        .execute()
    : [];
  return conversations.map((conversation) => ({
    ...conversation,
    messages: messages.filter((message) => message.conversationID === conversation.conversationID),
  }));
}
