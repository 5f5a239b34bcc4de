import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, withId } from "../../platform/db/columns.ts";

/**
 * Polls (the polls add-on, issue 33): a discussion of type poll has one poll (its question, one or several
 * choices, who sees the counts, an optional close date), its options (each with its count, kept by the votes'
 * transaction) and the members' votes, one row per member per chosen option. Deleting the discussion deletes them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("polls"), "pollID", dialect)
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().unique().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("name", "varchar(200)", (col) => col.notNull())
    .addColumn("choiceMode", "varchar(10)", (col) => col.notNull().defaultTo("single"))
    .addColumn("maxChoices", "integer")
    .addColumn("resultsVisibility", "varchar(20)", (col) => col.notNull().defaultTo("always"))
    .addColumn("dateClosed", dateType(dialect))
    .addColumn("countVoters", "integer", counter)
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .execute();
  await withId(db.schema.createTable("pollOptions"), "pollOptionID", dialect)
    .addColumn("pollID", "integer", (col) => col.notNull().references("polls.pollID").onDelete("cascade"))
    .addColumn("body", "varchar(200)", (col) => col.notNull())
    .addColumn("sort", "integer", (col) => col.notNull())
    .addColumn("countVotes", "integer", counter)
    .execute();
  await db.schema.createIndex("pollOptions_poll").on("pollOptions").columns(["pollID", "sort"]).execute();
  await db.schema
    .createTable("pollVotes")
    .addColumn("pollOptionID", "integer", (col) =>
      col.notNull().references("pollOptions.pollOptionID").onDelete("cascade"),
    )
    .addColumn("pollID", "integer", (col) => col.notNull().references("polls.pollID").onDelete("cascade"))
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("pollVotes_pk", ["pollOptionID", "userID"])
    .execute();
  await db.schema.createIndex("pollVotes_poll_user").on("pollVotes").columns(["pollID", "userID"]).execute();
  await db.schema.createIndex("pollVotes_user").on("pollVotes").columns(["userID"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pollVotes").execute();
  await db.schema.dropTable("pollOptions").execute();
  await db.schema.dropTable("polls").execute();
}
