import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * PostgreSQL search (issue 8): a GIN index on each document's title words (the lexemes of weight A,
 * `ts_filter`, core and immutable). When words are too common to rank, relevance lists the title
 * matches first; without this index finding them meant reading every match of the words.
 * SQLite's FTS5 table already matches by column.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`CREATE INDEX IF NOT EXISTS "searchDocuments_title" ON "searchDocuments"
    USING GIN (ts_filter("searchVector", '{a}'))`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`DROP INDEX IF EXISTS "searchDocuments_title"`.execute(db);
}
