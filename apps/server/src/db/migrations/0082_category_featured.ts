import type { Kysely } from "kysely";

/**
 * Issue 38: a category may be featured (Vanilla's `featured`), which `GET /categories?featured=true` and the home
 * page's categories widget list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("categories")
    .addColumn("featured", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("categories").dropColumn("featured").execute();
}
