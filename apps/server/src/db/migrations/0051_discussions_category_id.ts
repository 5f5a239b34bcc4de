import type { Kysely } from "kysely";

/**
 * Sitemaps (issue 32) list a category's discussions in id order, 50,000 a chunk: `(categoryID, discussionID)`
 * lets a chunk start by an index-only skip and read on in keyset batches, without sorting the category's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("discussions_category_id")
    .on("discussions")
    .columns(["categoryID", "discussionID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("discussions_category_id").execute();
}
