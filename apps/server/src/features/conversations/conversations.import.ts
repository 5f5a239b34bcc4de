import { sql, type Insertable, type Kysely } from "kysely";
import { lockAllRows } from "../../platform/db/row-locks.ts";
import type { ConversationMessagesTable, ConversationsTable, DB } from "../../platform/db/schema.ts";

/** A private conversation brought from another forum with its own id (an import, features/import). */
export type ImportedConversation = Insertable<ConversationsTable> & { conversationID: number };
export type ImportedConversationMessage = Insertable<ConversationMessagesTable> & { messageID: number };
export type ImportedParticipant = Insertable<DB["userConversations"]>;

/** Inserts imported conversations with their ids (one whose id is taken is left out); returns the ids inserted. */
export async function insertImportedConversations(db: Kysely<DB>, rows: ImportedConversation[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("conversations")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("conversationID")
    .execute();
  return inserted.map((row) => row.conversationID);
}

/** Inserts imported messages with their ids (one whose id is taken is left out); returns the ids inserted. */
export async function insertImportedConversationMessages(
  db: Kysely<DB>,
  rows: ImportedConversationMessage[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("conversationMessages")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("messageID")
    .execute();
  return inserted.map((row) => row.messageID);
}

/** Adds imported participants (with what they read); pairs already there are left. Returns how many went in. */
export async function insertImportedParticipants(db: Kysely<DB>, rows: ImportedParticipant[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("userConversations")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.length;
}

/**
 * Every conversation's message and participant counts and last message, recounted after an import or on an
 * administrator's request; a participant's read count is held to the conversation's messages.
 */
export async function recountImportedConversations(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locked first (live writers wait), then recounted in later statements (platform/db/row-locks.ts).
    await lockAllRows(trx, "conversations", "countMessages");
    await sql`update "conversations" set
        "countMessages" = (select count(*) from "conversationMessages" m
          where m."conversationID" = "conversations"."conversationID"),
        "lastMessageID" = (select max(m."messageID") from "conversationMessages" m
          where m."conversationID" = "conversations"."conversationID"),
        "countParticipants" = (select count(*) from "userConversations" p
          where p."conversationID" = "conversations"."conversationID" and p."deleted" = 0)`.execute(trx);
    await sql`update "userConversations" set "countReadMessages" = (select v."countMessages" from "conversations" v
        where v."conversationID" = "userConversations"."conversationID")
      where "countReadMessages" > (select v."countMessages" from "conversations" v
        where v."conversationID" = "userConversations"."conversationID")`.execute(trx);
  });
}
