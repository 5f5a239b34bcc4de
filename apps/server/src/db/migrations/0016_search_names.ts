import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * SQLite: the names of searchable records (discussion titles, member and category names) in an
 * FTS5 table of their own, with prefix indexes, for autocomplete. A prefix search on the main index
 * merges the document lists of every word the prefix begins ("wor" → work, world, word…) across
 * every post; on names alone it stays small. `kind` holds the record type and `about` a category's
 * description: members and categories match here as in the main index (their whole text), so a
 * count of the posts among a search's matches subtracts theirs without joining the documents. Contentless (rowid = `searchDocuments.docID`; the names are in
 * `searchDocuments`). PostgreSQL matches prefixes in its own index: nothing to do there.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`CREATE VIRTUAL TABLE "searchNames" USING fts5(
    name, kind, about, tokenize='porter unicode61 remove_diacritics 2', prefix='1 2 3', content='', contentless_delete=1
  )`.execute(db);
  await sql`INSERT INTO "searchNames" (rowid, name, kind, about)
    SELECT d."docID", d.name, d."recordType", CASE WHEN d."recordType" = 'category' THEN f.body ELSE '' END
    FROM "searchDocuments" d JOIN "searchIndex" f ON f.rowid = d."docID" WHERE d.name <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") await sql`DROP TABLE IF EXISTS "searchNames"`.execute(db);
}
