import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Link previews (issue 32): what the previews feature learnt about an address a post shows alone on a line.
 * Keyed by the SHA-256 of the address (addresses may be long; the key stays short and indexable on both
 * engines). Only text fields are kept, never the page's HTML; `status` is `ok` or `failed` (a failure is kept
 * briefly so a dead address is not fetched on every read); `dateExpires` says when it is fetched again.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("linkPreviews")
    .addColumn("urlHash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("status", "varchar(10)", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("imageUrl", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("siteName", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("provider", "varchar(20)")
    .addColumn("embedID", "varchar(64)", (col) => col.notNull().defaultTo(""))
    .addColumn("failure", "varchar(30)")
    .addColumn("dateFetched", dateType(dialect), (col) => col.notNull())
    .addColumn("dateExpires", dateType(dialect), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("linkPreviews").execute();
}
