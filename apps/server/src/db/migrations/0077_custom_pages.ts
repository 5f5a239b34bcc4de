import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Issue 38: custom pages (Vanilla's `dashboard-custom-pages.yml`). A page at an address a site manager picks
 * (`urlcode`, unique), its SEO title and description, published or not, the roles that may see it (JSON array;
 * empty: everyone), whether the title bar links it, and its own layout (a `layouts` row of view type `customPage`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await withId(db.schema.createTable("customPages"), "customPageID", dialect)
    .addColumn("urlcode", "varchar(100)", (col) => col.notNull().unique())
    .addColumn("seoTitle", "varchar(100)", (col) => col.notNull())
    .addColumn("seoDescription", "varchar(500)", (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("siteSectionID", "varchar(40)", (col) => col.notNull())
    .addColumn("roleIDs", "text", (col) => col.notNull())
    .addColumn("showInNavigation", "integer", flag)
    .addColumn("layoutID", "integer", (col) => col.notNull().references("layouts.layoutID"))
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", date)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("customPages").execute();
}
