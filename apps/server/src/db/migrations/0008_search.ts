import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Search (issue 8). `searchDocuments` holds one row per searchable record (discussion, comment,
 * user, category) as plain text, with what the filters need (category, discussion, author, type,
 * dates). The full-text index is per engine: an FTS5 table holding the text (porter stemming on
 * unicode61 words, rowid = docID) on SQLite, a weighted `tsvector` column with a GIN index on
 * PostgreSQL (A for titles, B for bodies).
 *
 * `searchQueue` is the durable work list: triggers on the content tables add (recordType, recordID)
 * in the same transaction as the change, so no edit, move, delete or rename is ever lost; the search
 * feature drains it right after the content events (and at start, and every few seconds).
 */

/** The content tables, the record type each indexes as, its key, and the columns whose change matters. */
const sources = [
  {
    table: "discussions",
    recordType: "discussion",
    key: "discussionID",
    columns: ["name", "body", "format", "categoryID", "type", "insertUserID"],
  },
  {
    table: "comments",
    recordType: "comment",
    key: "commentID",
    columns: ["body", "format", "discussionID", "insertUserID"],
  },
  { table: "users", recordType: "user", key: "userID", columns: ["name", "deleted", "banned"] },
  {
    table: "categories",
    recordType: "category",
    key: "categoryID",
    columns: ["name", "description", "parentCategoryID", "urlcode", "isArchived"],
  },
] as const;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  let documents = withId(db.schema.createTable("searchDocuments"), "docID", dialect)
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("discussionID", "integer")
    .addColumn("categoryID", "integer")
    .addColumn("insertUserID", "integer")
    // The discussion's type (discussion, question, idea, poll) or "comment", "user", "category".
    .addColumn("type", "varchar(20)", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("language", "varchar(20)", (col) => col.notNull().defaultTo("english"))
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date);
  if (dialect === "postgres") documents = documents.addColumn("searchVector", sql`tsvector`, (col) => col.notNull());
  await documents.execute();
  await db.schema
    .createIndex("searchDocuments_record")
    .on("searchDocuments")
    .unique()
    .columns(["recordType", "recordID"])
    .execute();
  await db.schema.createIndex("searchDocuments_discussion").on("searchDocuments").column("discussionID").execute();
  await db.schema
    .createIndex("searchDocuments_category_date")
    .on("searchDocuments")
    .columns(["categoryID", "dateInserted"])
    .execute();
  await db.schema.createIndex("searchDocuments_user").on("searchDocuments").column("insertUserID").execute();

  await withId(db.schema.createTable("searchQueue"), "queueID", dialect)
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .execute();

  if (dialect === "postgres") {
    await sql`CREATE INDEX "searchDocuments_vector" ON "searchDocuments" USING GIN ("searchVector")`.execute(db);
    for (const source of sources) {
      const fn = sql.raw(`"searchEnqueue_${source.table}"`);
      await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO "searchQueue" ("recordType", "recordID")
          VALUES (${sql.lit(source.recordType)}, CASE WHEN TG_OP = 'DELETE' THEN OLD.${sql.ref(source.key)} ELSE NEW.${sql.ref(source.key)} END);
          RETURN NULL;
        END $$`.execute(db);
      const columns = sql.raw(source.columns.map((column) => `"${column}"`).join(", "));
      await sql`CREATE TRIGGER ${sql.raw(`"search_${source.table}"`)}
        AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON ${sql.table(source.table)}
        FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
    }
    return;
  }

  // The text lives in the FTS table itself (rowid = docID); `searchDocuments.body` stays empty on
  // SQLite, so the rows a search joins for its filters are small.
  await sql`CREATE VIRTUAL TABLE "searchIndex" USING fts5(
    name, body, tokenize='porter unicode61 remove_diacritics 2'
  )`.execute(db);
  for (const source of sources) {
    const key = sql.ref(source.key);
    const insert = (row: "new" | "old") =>
      sql`INSERT INTO "searchQueue" ("recordType", "recordID") VALUES (${sql.lit(source.recordType)}, ${sql.raw(row)}.${key});`;
    const columns = sql.raw(source.columns.map((column) => `"${column}"`).join(", "));
    await sql`CREATE TRIGGER ${sql.raw(`"search_${source.table}_insert"`)} AFTER INSERT ON ${sql.table(source.table)}
      BEGIN ${insert("new")} END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`"search_${source.table}_update"`)} AFTER UPDATE OF ${columns} ON ${sql.table(source.table)}
      BEGIN ${insert("new")} END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`"search_${source.table}_delete"`)} AFTER DELETE ON ${sql.table(source.table)}
      BEGIN ${insert("old")} END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const source of sources) {
    if (dialect === "postgres") {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`"search_${source.table}"`)} ON ${sql.table(source.table)}`.execute(
        db,
      );
      await sql`DROP FUNCTION IF EXISTS ${sql.raw(`"searchEnqueue_${source.table}"`)}()`.execute(db);
    } else {
      for (const when of ["insert", "update", "delete"])
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(`"search_${source.table}_${when}"`)}`.execute(db);
    }
  }
  if (dialect === "sqlite") await sql`DROP TABLE IF EXISTS "searchIndex"`.execute(db);
  await db.schema.dropTable("searchQueue").execute();
  await db.schema.dropTable("searchDocuments").execute();
}
