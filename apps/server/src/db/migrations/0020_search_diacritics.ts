import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { withoutDiacritics } from "../../features/search/search.text.ts";

const BATCH = 500;

/**
 * PostgreSQL's search folds Latin diacritics as SQLite's does (unicode61 `remove_diacritics 2`):
 * "cafe" finds "Café" and "café" finds "cafe". Its text-search configurations keep them, so the
 * driver indexes and searches text passed through `withoutDiacritics`. Here the documents already
 * indexed whose name or body holds a non-ASCII character get their vectors anew, the same way (the
 * others are unchanged by folding). SQLite: nothing to do.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ docID: number; name: string; body: string; language: string }>`
      SELECT "docID", "name", "body", "language" FROM "searchDocuments"
      WHERE "docID" > ${after} AND ("name" ~ '[^\\x01-\\x7f]' OR "body" ~ '[^\\x01-\\x7f]')
      ORDER BY "docID" LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    after = rows.at(-1)!.docID;
    const changed = rows
      .map((row) => ({ ...row, foldedName: withoutDiacritics(row.name), foldedBody: withoutDiacritics(row.body) }))
      .filter((row) => row.foldedName !== row.name || row.foldedBody !== row.body);
    if (changed.length === 0) continue;
    const values = sql.join(
      changed.map(
        (row) => sql`(${row.docID}::int, ${row.language}::text, ${row.foldedName}::text, ${row.foldedBody}::text)`,
      ),
    );
    await sql`UPDATE "searchDocuments" d
      SET "searchVector" = setweight(to_tsvector(v."language"::regconfig, v."name"), 'A')
        || setweight(to_tsvector(v."language"::regconfig, v."body"), 'B')
      FROM (VALUES ${values}) v("docID", "language", "name", "body") WHERE d."docID" = v."docID"`.execute(db);
    await sql`UPDATE "searchTitles" t
      SET "titleVector" = ts_filter(d."searchVector", '{a}'), "prefixVector" = to_tsvector('simple', v."name")
      FROM "searchDocuments" d, (VALUES ${values}) v("docID", "language", "name", "body")
      WHERE t."docID" = v."docID" AND d."docID" = v."docID"`.execute(db);
  }
}

/** Left folded: the earlier driver would then miss words typed with their diacritics until a reindex. */
export async function down(): Promise<void> {}
