import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Ideas (the ideation add-on, issue 33): how a category's ideas are voted on (`ideationType`, up or up-down), an
 * idea's status and its notes on the discussion's row (null for other types), and the members' votes, one per
 * member per idea (+1 or −1; the discussion's `score` adds them up, kept by the vote's transaction).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("categories")
    .addColumn("ideationType", "varchar(10)", (col) => col.notNull().defaultTo("up"))
    .execute();
  await db.schema.alterTable("discussions").addColumn("ideaStatusID", "integer").execute();
  await db.schema.alterTable("discussions").addColumn("ideaStatusNotes", "text").execute();
  await db.schema
    .createTable("ideaVotes")
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("vote", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("ideaVotes_pk", ["discussionID", "userID"])
    .execute();
  await db.schema.createIndex("ideaVotes_user").on("ideaVotes").columns(["userID"]).execute();
  // Ideas posted before (type idea was taken already) start Active.
  await sql`UPDATE discussions SET "ideaStatusID" = 1 WHERE "type" = 'idea'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ideaVotes").execute();
  await db.schema.alterTable("discussions").dropColumn("ideaStatusNotes").execute();
  await db.schema.alterTable("discussions").dropColumn("ideaStatusID").execute();
  await db.schema.alterTable("categories").dropColumn("ideationType").execute();
}
