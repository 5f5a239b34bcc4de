import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Themes of the site's own (reference §8 "database themes"): a theme started from a built-in one, and
 * its revisions, each a whole copy of its variables (the JSON of the variables asset). `revisionID` on
 * the theme names the active revision; an edit adds a revision, a restore points back at an older one.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("themes"), "themeID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("parentTheme", "varchar(100)", (col) => col.notNull())
    .addColumn("parentVersion", "varchar(20)", (col) => col.notNull())
    .addColumn("revisionID", "integer")
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  await withId(db.schema.createTable("themeRevisions"), "revisionID", dialect)
    .addColumn("themeID", "integer", (col) => col.notNull().references("themes.themeID").onDelete("cascade"))
    .addColumn("revisionName", "varchar(100)")
    .addColumn("variables", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  // A theme's revisions, newest first.
  await db.schema.createIndex("themeRevisions_theme").on("themeRevisions").columns(["themeID", "revisionID"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("themeRevisions").execute();
  await db.schema.dropTable("themes").execute();
}
