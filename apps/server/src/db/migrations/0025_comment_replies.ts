import type { Kysely } from "kysely";

/**
 * The replies of a comment (`GET /comments/thread` walks them down from a page of comments, level by
 * level): without an index each level read the whole comments table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("comments_parent").on("comments").columns(["parentCommentID"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_parent").execute();
}
