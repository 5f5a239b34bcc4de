import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Knowledge-base articles in the search index (recordType `article`), kept current like the other
 * records (0008_search): triggers queue an article when it is written, moved, renamed, deleted or its
 * status changes, and every article of a knowledge base when the base's status or address changes
 * (the index holds only published articles of published bases). Articles already written are queued.
 */
const articleColumns = ["name", "body", "format", "status", "knowledgeCategoryID", "knowledgeBaseID", "insertUserID"];
const baseColumns = ["status", "urlCode"];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const articles = sql.raw(articleColumns.map((column) => `"${column}"`).join(", "));
  const bases = sql.raw(baseColumns.map((column) => `"${column}"`).join(", "));
  if (dialect === "postgres") {
    await sql`CREATE FUNCTION "searchEnqueue_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "searchQueue" ("recordType", "recordID")
        VALUES ('article', CASE WHEN TG_OP = 'DELETE' THEN OLD."articleID" ELSE NEW."articleID" END);
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER "search_articles" AFTER INSERT OR DELETE OR UPDATE OF ${articles} ON "articles"
      FOR EACH ROW EXECUTE FUNCTION "searchEnqueue_articles"()`.execute(db);
    await sql`CREATE FUNCTION "searchEnqueue_knowledgeBases"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "searchQueue" ("recordType", "recordID")
        SELECT 'article', a."articleID" FROM "articles" a WHERE a."knowledgeBaseID" = NEW."knowledgeBaseID";
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER "search_knowledgeBases" AFTER UPDATE OF ${bases} ON "knowledgeBases"
      FOR EACH ROW EXECUTE FUNCTION "searchEnqueue_knowledgeBases"()`.execute(db);
  } else {
    const insert = (row: "new" | "old") =>
      sql`INSERT INTO "searchQueue" ("recordType", "recordID") VALUES ('article', ${sql.raw(row)}."articleID");`;
    await sql`CREATE TRIGGER "search_articles_insert" AFTER INSERT ON "articles" BEGIN ${insert("new")} END`.execute(
      db,
    );
    await sql`CREATE TRIGGER "search_articles_update" AFTER UPDATE OF ${articles} ON "articles"
      BEGIN ${insert("new")} END`.execute(db);
    await sql`CREATE TRIGGER "search_articles_delete" AFTER DELETE ON "articles" BEGIN ${insert("old")} END`.execute(
      db,
    );
    await sql`CREATE TRIGGER "search_knowledgeBases_update" AFTER UPDATE OF ${bases} ON "knowledgeBases"
      BEGIN
        INSERT INTO "searchQueue" ("recordType", "recordID")
        SELECT 'article', a."articleID" FROM "articles" a WHERE a."knowledgeBaseID" = new."knowledgeBaseID";
      END`.execute(db);
  }
  await sql`INSERT INTO "searchQueue" ("recordType", "recordID") SELECT 'article', "articleID" FROM "articles"`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") {
    await sql`DROP TRIGGER IF EXISTS "search_articles" ON "articles"`.execute(db);
    await sql`DROP FUNCTION IF EXISTS "searchEnqueue_articles"()`.execute(db);
    await sql`DROP TRIGGER IF EXISTS "search_knowledgeBases" ON "knowledgeBases"`.execute(db);
    await sql`DROP FUNCTION IF EXISTS "searchEnqueue_knowledgeBases"()`.execute(db);
  } else {
    for (const name of ["insert", "update", "delete"])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`"search_articles_${name}"`)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS "search_knowledgeBases_update"`.execute(db);
  }
  // The articles' documents stay in the index until `npm run reindex` rebuilds it without them.
}
