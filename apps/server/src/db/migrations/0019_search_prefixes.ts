import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Autocomplete matches the beginnings of words as they are written (issue 8: "prefix matching only in
 * autocomplete"), not of their stems. A prefix is part of a word, and a stemmer takes it for a whole
 * one: SQLite's Porter stemmer reads "pos" as a plural and looks for "po*" (policy, pool, port), and
 * no stem of "connecti" begins the stem of "connection" ("connect") on either engine.
 *
 * SQLite: `searchPrefixes`, the names of `searchNames` (0016) with their kind, unstemmed (unicode61,
 * diacritics removed), prefix-indexed, contentless (rowid = `searchDocuments.docID`).
 * PostgreSQL: `searchTitles."prefixVector"`, the name's words under the `simple` configuration
 * (lower-cased, unstemmed, no stop words), GIN-indexed.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") {
    await sql`CREATE VIRTUAL TABLE "searchPrefixes" USING fts5(
      name, kind, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3', content='', contentless_delete=1
    )`.execute(db);
    await sql`INSERT INTO "searchPrefixes" (rowid, name, kind)
      SELECT "docID", "name", "recordType" FROM "searchDocuments" WHERE "name" <> ''`.execute(db);
    return;
  }
  await sql`ALTER TABLE "searchTitles" ADD COLUMN "prefixVector" tsvector`.execute(db);
  await sql`UPDATE "searchTitles" SET "prefixVector" = to_tsvector('simple', "name")`.execute(db);
  await sql`ALTER TABLE "searchTitles" ALTER COLUMN "prefixVector" SET NOT NULL`.execute(db);
  await sql`CREATE INDEX "searchTitles_prefixes" ON "searchTitles" USING GIN ("prefixVector") WITH (fastupdate = off)`.execute(
    db,
  );
  await sql`ANALYZE "searchTitles"`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "sqlite") await sql`DROP TABLE IF EXISTS "searchPrefixes"`.execute(db);
  else await sql`ALTER TABLE "searchTitles" DROP COLUMN IF EXISTS "prefixVector"`.execute(db);
}
