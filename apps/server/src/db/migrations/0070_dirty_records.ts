import type { Kysely } from "kysely";
import { dateType } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 36: `/resources` and its dirty records. The resources feature's `dirtyRecords`: one row per record
 * (a discussion, comment, member or category) changed since an outside index last cleared its type, with when it
 * last changed; a record changed again only moves its date, so the table holds at most one row per record.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("dirtyRecords")
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("dirtyRecords_pk", ["recordType", "recordID"])
    .execute();
  await db.schema
    .createIndex("dirtyRecords_type_date")
    .on("dirtyRecords")
    .columns(["recordType", "dateInserted"])
    .execute();
}
