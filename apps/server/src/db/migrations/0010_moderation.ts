import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Moderation: the history of edits and deletions of discussions and comments (the record as it was,
 * written in the change's own transaction), the audit log of moderators' and admins' actions, reports
 * of posts, and collections of records.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("changeLog"), "logID", dialect)
    // edit | delete
    .addColumn("operation", "varchar(10)", (col) => col.notNull())
    // discussion | comment
    .addColumn("recordType", "varchar(32)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    // A comment's discussionID; a discussion's categoryID.
    .addColumn("parentRecordID", "integer")
    // The record before the change, JSON.
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("restoreUserID", "integer")
    .addColumn("dateRestored", date)
    .execute();
  await db.schema
    .createIndex("changeLog_record")
    .on("changeLog")
    .columns(["recordType", "recordID", "operation"])
    .execute();
  await db.schema
    .createIndex("changeLog_parent")
    .on("changeLog")
    .columns(["parentRecordID", "recordType", "operation"])
    .execute();

  await withId(db.schema.createTable("auditLogs"), "auditLogID", dialect)
    .addColumn("eventType", "varchar(100)", (col) => col.notNull())
    .addColumn("message", "varchar(500)", (col) => col.notNull())
    .addColumn("requestMethod", "varchar(10)", (col) => col.notNull())
    .addColumn("requestPath", "varchar(500)", (col) => col.notNull())
    .addColumn("requestQuery", "text", (col) => col.notNull())
    .addColumn("context", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("insertIPAddress", "varchar(64)")
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("auditLogs_date").on("auditLogs").column("dateInserted").execute();
  await db.schema.createIndex("auditLogs_user").on("auditLogs").columns(["insertUserID", "dateInserted"]).execute();

  await withId(db.schema.createTable("reports"), "reportID", dialect)
    .addColumn("recordType", "varchar(32)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("placeRecordType", "varchar(32)", (col) => col.notNull())
    .addColumn("placeRecordID", "integer", (col) => col.notNull())
    .addColumn("recordUserID", "integer", (col) => col.notNull())
    .addColumn("recordName", "varchar(255)", (col) => col.notNull())
    .addColumn("recordUrl", "varchar(500)", (col) => col.notNull())
    // JSON array of report reason IDs.
    .addColumn("reportReasonIDs", "text", (col) => col.notNull())
    .addColumn("noteBody", "text")
    // new | escalated | dismissed
    .addColumn("status", "varchar(16)", (col) => col.notNull().defaultTo("new"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  await db.schema.createIndex("reports_record").on("reports").columns(["recordType", "recordID", "status"]).execute();
  await db.schema.createIndex("reports_status").on("reports").columns(["status", "dateInserted"]).execute();

  await withId(db.schema.createTable("collections"), "collectionID", dialect)
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date)
    .execute();
  await db.schema
    .createTable("collectionRecords")
    .addColumn("collectionID", "integer", (col) =>
      col.notNull().references("collections.collectionID").onDelete("cascade"),
    )
    .addColumn("recordType", "varchar(32)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("sort", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addPrimaryKeyConstraint("collectionRecords_pk", ["collectionID", "recordType", "recordID"])
    .execute();
  await db.schema
    .createIndex("collectionRecords_record")
    .on("collectionRecords")
    .columns(["recordType", "recordID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("collectionRecords").execute();
  await db.schema.dropTable("collections").execute();
  await db.schema.dropTable("reports").execute();
  await db.schema.dropTable("auditLogs").execute();
  await db.schema.dropTable("changeLog").execute();
}
