import type { Kysely } from "kysely";

/**
 * The site's totals count the members and comments of the last 7 and 30 days (`GET /site-totals`): an
 * index on each table's `dateInserted` keeps that a range count rather than a walk of the whole table
 * (discussions have one since 0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("comments_inserted").on("comments").column("dateInserted").execute();
  await db.schema.createIndex("users_inserted").on("users").column("dateInserted").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_inserted").execute();
  await db.schema.dropIndex("comments_inserted").execute();
}
