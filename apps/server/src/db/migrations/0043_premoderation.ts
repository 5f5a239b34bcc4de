import type { Kysely } from "kysely";

/**
 * The premoderation queue (issue 30): a held post is not written to `discussions` or `comments`; it waits on a
 * report with `isPending` 1 (Vanilla's pending report), `pendingRecord` holding it as posted (JSON: the write's
 * input, its author, address and date, and why it was held) and `premoderationQueue` which tab it is in
 * (`approval` or `spam`). `recordID` is 0 until a moderator approves it (then the published post's ID).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("reports")
    .addColumn("isPending", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("reports").addColumn("pendingRecord", "text").execute();
  await db.schema.alterTable("reports").addColumn("premoderationQueue", "varchar(10)").execute();
  await db.schema.createIndex("reports_pending").on("reports").columns(["isPending", "recordUserID"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("reports_pending").execute();
  await db.schema.alterTable("reports").dropColumn("premoderationQueue").execute();
  await db.schema.alterTable("reports").dropColumn("pendingRecord").execute();
  await db.schema.alterTable("reports").dropColumn("isPending").execute();
}
