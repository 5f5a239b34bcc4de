import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Groups in the search index (recordType `group`), kept current like the other records (0008_search,
 * 0027_search_articles): triggers queue a group when it is created, deleted, renamed, described anew, or
 * its privacy or category changes (its document's visibility follows its privacy). The groups already
 * there are queued, and so are the groups' categories and their "Social Groups" parent, which the index
 * no longer holds as categories (never listed as categories, they were found in the category domain).
 */
const groupColumns = ["name", "description", "privacy", "categoryID"];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const columns = sql.raw(groupColumns.map((column) => `"${column}"`).join(", "));
  if (dialect === "postgres") {
    await sql`CREATE FUNCTION "searchEnqueue_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "searchQueue" ("recordType", "recordID")
        VALUES ('group', CASE WHEN TG_OP = 'DELETE' THEN OLD."groupID" ELSE NEW."groupID" END);
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER "search_groups" AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON "groups"
      FOR EACH ROW EXECUTE FUNCTION "searchEnqueue_groups"()`.execute(db);
  } else {
    const insert = (row: "new" | "old") =>
      sql`INSERT INTO "searchQueue" ("recordType", "recordID") VALUES ('group', ${sql.raw(row)}."groupID");`;
    await sql`CREATE TRIGGER "search_groups_insert" AFTER INSERT ON "groups" BEGIN ${insert("new")} END`.execute(db);
    await sql`CREATE TRIGGER "search_groups_update" AFTER UPDATE OF ${columns} ON "groups"
      BEGIN ${insert("new")} END`.execute(db);
    await sql`CREATE TRIGGER "search_groups_delete" AFTER DELETE ON "groups" BEGIN ${insert("old")} END`.execute(db);
  }
  await sql`INSERT INTO "searchQueue" ("recordType", "recordID") SELECT 'group', "groupID" FROM "groups"`.execute(db);
  await sql`INSERT INTO "searchQueue" ("recordType", "recordID")
    SELECT 'category', "categoryID" FROM "categories" WHERE "groupID" IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") {
    await sql`DROP TRIGGER IF EXISTS "search_groups" ON "groups"`.execute(db);
    await sql`DROP FUNCTION IF EXISTS "searchEnqueue_groups"()`.execute(db);
  } else {
    for (const name of ["insert", "update", "delete"])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`"search_groups_${name}"`)}`.execute(db);
  }
  // The groups' documents stay in the index until `npm run reindex` rebuilds it without them.
}
