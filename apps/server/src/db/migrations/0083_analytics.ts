import type { Kysely } from "kysely";

/**
 * Issue 40, item 2: site analytics. `analyticsDaily` holds each day's counts (UTC): a measure's total (`key`
 * empty) or a keyed count (a discussion's or category's views, a search that found nothing), added to in batches;
 * `analyticsVisitors` the readers seen each day (a member's id, a guest's hashed mark), kept a few days so a
 * visit counts once across processes; `analyticsPrivacy` a member's choice to be left out. The posts and members
 * already there are counted by the analytics feature as it starts (`recountContent`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analyticsDaily")
    .addColumn("metric", "varchar(40)", (col) => col.notNull())
    .addColumn("day", "varchar(10)", (col) => col.notNull())
    .addColumn("key", "varchar(100)", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("analyticsDaily_pk", ["metric", "day", "key"])
    .execute();
  await db.schema
    .createTable("analyticsVisitors")
    .addColumn("day", "varchar(10)", (col) => col.notNull())
    .addColumn("reader", "varchar(40)", (col) => col.notNull())
    .addPrimaryKeyConstraint("analyticsVisitors_pk", ["day", "reader"])
    .execute();
  await db.schema
    .createTable("analyticsPrivacy")
    .addColumn("userID", "integer", (col) => col.primaryKey())
    .addColumn("anonymize", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analyticsPrivacy").execute();
  await db.schema.dropTable("analyticsVisitors").execute();
  await db.schema.dropTable("analyticsDaily").execute();
}
