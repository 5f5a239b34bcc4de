import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Private conversations: the conversation, its messages, and each participant's state (left or not,
 * how many messages they have read: unread = countMessages − countReadMessages).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("conversations"), "conversationID", dialect)
    .addColumn("name", "varchar(255)")
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date, (col) => col.notNull())
    .addColumn("countMessages", "integer", counter)
    .addColumn("countParticipants", "integer", counter)
    .addColumn("lastMessageID", "integer")
    .execute();

  await withId(db.schema.createTable("conversationMessages"), "messageID", dialect)
    .addColumn("conversationID", "integer", (col) =>
      col.notNull().references("conversations.conversationID").onDelete("cascade"),
    )
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("format", "varchar(20)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("insertIPAddress", "varchar(64)")
    .execute();
  await db.schema
    .createIndex("conversationMessages_conversation")
    .on("conversationMessages")
    .columns(["conversationID", "messageID"])
    .execute();

  await db.schema
    .createTable("userConversations")
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("conversationID", "integer", (col) =>
      col.notNull().references("conversations.conversationID").onDelete("cascade"),
    )
    // Left the conversation: no longer listed, notified or allowed in.
    .addColumn("deleted", "integer", flag)
    .addColumn("countReadMessages", "integer", counter)
    .addColumn("dateLastViewed", date)
    .addPrimaryKeyConstraint("userConversations_pk", ["userID", "conversationID"])
    .execute();
  await db.schema
    .createIndex("userConversations_conversation")
    .on("userConversations")
    .columns(["conversationID", "userID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userConversations").execute();
  await db.schema.dropTable("conversationMessages").execute();
  await db.schema.dropTable("conversations").execute();
}
