import type { Kysely } from "kysely";
import { dateType, withId } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 40, item 3: attachments. `attachments` holds each outside record (a ticket) attached to a post: the
 * integration type and name, the remote id, address and status, and who made and last refreshed it;
 * `attachmentIntegrations` each integration type's settings (JSON) and its auth secret, kept apart so no
 * answer carries it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("attachments"), "attachmentID", dialect)
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("type", "varchar(40)", (col) => col.notNull())
    .addColumn("source", "varchar(100)", (col) => col.notNull())
    .addColumn("sourceID", "varchar(200)", (col) => col.notNull())
    .addColumn("sourceUrl", "varchar(500)")
    .addColumn("status", "varchar(100)", (col) => col.notNull())
    .addColumn("foreignUserID", "integer", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .addColumn("lastModifiedDate", dateType(dialect))
    .execute();
  await db.schema.createIndex("attachments_record").on("attachments").columns(["recordType", "recordID"]).execute();
  await db.schema
    .createTable("attachmentIntegrations")
    .addColumn("attachmentType", "varchar(40)", (col) => col.primaryKey())
    .addColumn("settings", "text", (col) => col.notNull())
    .addColumn("authSecret", "text")
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .execute();
}
