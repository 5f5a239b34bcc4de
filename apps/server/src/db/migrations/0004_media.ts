import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/** Uploaded files: one row per file under `<dataDir>/uploads`, found again by its stored path. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("media"), "mediaID", dialect)
    .addColumn("path", "varchar(255)", (col) => col.notNull().unique())
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("type", "varchar(100)", (col) => col.notNull())
    .addColumn("size", "bigint", (col) => col.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("foreignType", "varchar(32)")
    .addColumn("foreignID", "integer")
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("media_insertUser").on("media").column("insertUserID").execute();
  await db.schema.createIndex("media_foreign").on("media").columns(["foreignType", "foreignID"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media").execute();
}
