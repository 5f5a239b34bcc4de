import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * SQLite: the names of searchable records (discussion titles, member and category names) in an
 * FTS5 table of their own, with prefix indexes, for autocomplete. A prefix search on the main index
 * merges the document lists of every word the prefix begins ("wor" → work, world, word…) across
 * every post; on names alone it stays small. `kind` holds the record type, so a count filtered by
 * type alone needs no join. Contentless (rowid = `searchDocuments.docID`; the names are in
 * `searchDocuments`). PostgreSQL matches prefixes in its own index: nothing to do there.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`CREATE VIRTUAL TABLE "searchNames" USING fts5(
    name, kind, tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3', content='', contentless_delete=1
  )`.execute(db);
  await sql`INSERT INTO "searchNames" (rowid, name, kind)
    SELECT "docID", name, "recordType" FROM "searchDocuments" WHERE name <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") await sql`DROP TABLE IF EXISTS "searchNames"`.execute(db);
}
