import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * PostgreSQL search (issue 8): a GIN index on each document's title words (the lexemes of weight A,
 * `ts_filter`, core and immutable). When words are too common to rank, relevance lists the title
 * matches first; without this index finding them meant reading every match of the words.
 * SQLite's FTS5 table already matches by column. No pending list (`fastupdate = off`): titles are
 * few lexemes per write, and a search reads all of an unmerged list (383 pages of it in the 1M-post
 * bench schema after two bench runs made each title lookup take 4 ms instead of 0.1).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`CREATE INDEX IF NOT EXISTS "searchDocuments_title" ON "searchDocuments"
    USING GIN (ts_filter("searchVector", '{a}')) WITH (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`DROP INDEX IF EXISTS "searchDocuments_title"`.execute(db);
}
