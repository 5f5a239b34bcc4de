import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * PostgreSQL search (issue 8): `searchTitles`, a narrow copy of the documents that have a name
 * (discussions, members, categories: about one in ten at 1M posts) with what a hit and the filters
 * read and the title's lexemes (`ts_filter(searchVector, '{a}')`), GIN-indexed. Relevance lists title
 * matches first and autocomplete matches names only; both read their rows from it. At 1M posts it is
 * 22 MB where `searchDocuments` is 450: it stays in shared_buffers, where a title match read from
 * the wide table cost a page read of its own (10 µs; a common title word, 2,800 of them: 30 ms).
 * The driver keeps it with each write (search.postgres.ts); rows go with their document (cascade).
 * SQLite's names index (0016) does the same there.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`CREATE TABLE "searchTitles" (
    "docID" integer PRIMARY KEY REFERENCES "searchDocuments" ("docID") ON DELETE CASCADE,
    "recordType" varchar(20) NOT NULL,
    "recordID" integer NOT NULL,
    "discussionID" integer,
    "categoryID" integer,
    "insertUserID" integer,
    "type" varchar(20) NOT NULL,
    "name" text NOT NULL,
    "dateInserted" timestamptz NOT NULL,
    "dateUpdated" timestamptz,
    "titleVector" tsvector NOT NULL
  )`.execute(db);
  await sql`INSERT INTO "searchTitles"
    SELECT "docID", "recordType", "recordID", "discussionID", "categoryID", "insertUserID", "type", "name",
      "dateInserted", "dateUpdated", ts_filter("searchVector", '{a}')
    FROM "searchDocuments" WHERE "name" <> ''`.execute(db);
  // No pending list: a title is a few lexemes per write, and every search would read the list.
  await sql`CREATE INDEX "searchTitles_vector" ON "searchTitles" USING GIN ("titleVector") WITH (fastupdate = off)`.execute(
    db,
  );
  await sql`ANALYZE "searchTitles"`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`DROP TABLE IF EXISTS "searchTitles"`.execute(db);
}
