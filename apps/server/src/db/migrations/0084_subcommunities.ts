import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Issue 40: subcommunities (Vanilla's subcommunities add-on). A section of the site at its own address prefix
 * (`folder`, unique), over its own root category (unique: a category's discussions belong to one section; no foreign key: a deleted root leaves an empty section, not a refused delete), with a
 * locale and a theme of its own (empty and null: the site's) and its place in the title bar's picker (`sort`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("subcommunities"), "subcommunityID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("folder", "varchar(50)", (col) => col.notNull().unique())
    .addColumn("categoryID", "integer", (col) => col.notNull().unique())
    .addColumn("locale", "varchar(20)", (col) => col.notNull().defaultTo(""))
    .addColumn("themeID", "varchar(100)")
    .addColumn("sort", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subcommunities").execute();
}
