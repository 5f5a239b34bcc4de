import type { Kysely } from "kysely";
import { dateType } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Issue 38: fragments, administrators' own widgets (Vanilla's dashboard-fragments.yml). `fragments` holds each
 * one's name and type; `fragmentRevisions` every revision of its code: at most one draft (status `draft`), at
 * most one `active` (the one pages show), the rest `past-revision`. `fragmentDisclosures`: the administrators
 * who accepted the warning that a fragment's code is theirs to answer for.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("fragments")
    .addColumn("fragmentUUID", "varchar(40)", (col) => col.primaryKey())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("fragmentType", "varchar(100)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("fragmentRevisions")
    .addColumn("fragmentRevisionUUID", "varchar(40)", (col) => col.primaryKey())
    .addColumn("fragmentUUID", "varchar(40)", (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("js", "text", (col) => col.notNull())
    .addColumn("jsRaw", "text", (col) => col.notNull())
    .addColumn("css", "text", (col) => col.notNull())
    .addColumn("previewData", "text", (col) => col.notNull())
    .addColumn("files", "text", (col) => col.notNull())
    .addColumn("commitMessage", "varchar(200)", (col) => col.notNull())
    .addColumn("commitDescription", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("fragmentRevisions_fragment")
    .on("fragmentRevisions")
    .columns(["fragmentUUID", "dateInserted"])
    .execute();
  await db.schema
    .createTable("fragmentDisclosures")
    .addColumn("userID", "integer", (col) => col.primaryKey())
    .addColumn("dateAccepted", dateType(dialect), (col) => col.notNull())
    .execute();
}
