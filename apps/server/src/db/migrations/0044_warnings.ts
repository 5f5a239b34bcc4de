import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Warnings, moderators' notes and moderation messages (issue 30). `warnings`: a moderator's warning to a member,
 * its points, when it stops counting, what it led to (`consequence`; read-only until `readOnlyUntil`) and its
 * reversal. `userNotes`: moderators' private notes on a member. `moderationMessages`: site-wide notices.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("warnings"), "warningID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("points", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateExpires", dateType(dialect))
    .addColumn("consequence", "varchar(20)", (col) => col.notNull().defaultTo("none"))
    .addColumn("readOnlyUntil", dateType(dialect))
    .addColumn("dateReversed", dateType(dialect))
    .addColumn("reverseUserID", "integer")
    .execute();
  await db.schema.createIndex("warnings_user").on("warnings").columns(["userID", "dateInserted"]).execute();

  await withId(db.schema.createTable("userNotes"), "userNoteID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("userNotes_user").on("userNotes").columns(["userID", "dateInserted"]).execute();

  await withId(db.schema.createTable("moderationMessages"), "moderationMessageID", dialect)
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("format", "varchar(20)", (col) => col.notNull())
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("viewLocation", "varchar(20)", (col) => col.notNull())
    .addColumn("layoutViewType", "varchar(40)")
    .addColumn("recordType", "varchar(20)")
    .addColumn("recordID", "integer")
    .addColumn("includeDescendants", "integer", flag)
    .addColumn("isEnabled", "integer", flag)
    .addColumn("isDismissible", "integer", flag)
    .addColumn("sort", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("moderationMessages").execute();
  await db.schema.dropTable("userNotes").execute();
  await db.schema.dropTable("warnings").execute();
}
