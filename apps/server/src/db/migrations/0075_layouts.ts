import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Issue 38: the operators' own layouts (Vanilla's `dashboard-layouts.yml`). A layout is a view type's widgets
 * (JSON); every save keeps a revision, a whole copy of its name and widgets; a layout view assigns a layout to a
 * view type (`global`, record -1) or to one category's pages (`category`, the category's id), one layout each.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("layouts"), "layoutID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("layoutViewType", "varchar(40)", (col) => col.notNull())
    .addColumn("layout", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
  await withId(db.schema.createTable("layoutRevisions"), "revisionID", dialect)
    .addColumn("layoutID", "integer", (col) => col.notNull().references("layouts.layoutID").onDelete("cascade"))
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("layout", "text", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  // A layout's revisions, newest first.
  await db.schema
    .createIndex("layoutRevisions_layout")
    .on("layoutRevisions")
    .columns(["layoutID", "revisionID"])
    .execute();
  await withId(db.schema.createTable("layoutViews"), "layoutViewID", dialect)
    .addColumn("layoutID", "integer", (col) => col.notNull().references("layouts.layoutID"))
    .addColumn("layoutViewType", "varchar(40)", (col) => col.notNull())
    .addColumn("recordType", "varchar(40)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .execute();
  // One layout per page: a view type's, or a category's of that view type.
  await db.schema
    .createIndex("layoutViews_page")
    .on("layoutViews")
    .columns(["layoutViewType", "recordType", "recordID"])
    .unique()
    .execute();
  await db.schema.createIndex("layoutViews_layout").on("layoutViews").column("layoutID").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("layoutViews").execute();
  await db.schema.dropTable("layoutRevisions").execute();
  await db.schema.dropTable("layouts").execute();
}
