import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Long-running calls asked for with `longRunnerMode=async` (reference §1.7): answered at once with a
 * tracking slip, their work kept here until a process's job has done it, round after round, as the
 * member who asked (with their permissions at each round). A claim (`claimedUntil`) keeps a round to one
 * process; one that stops mid-round leaves the claim to lapse and the round to be run again.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const date = dateType(dialect);
  await db.schema
    .createTable("longRunnerJobs")
    .addColumn("jobID", "varchar(64)", (col) => col.primaryKey())
    .addColumn("jobTrackingID", "varchar(64)", (col) => col.notNull())
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("action", "varchar(100)", (col) => col.notNull())
    // JSON: the action's arguments, the IDs still to do, and the counts so far.
    .addColumn("args", "text", (col) => col.notNull())
    .addColumn("remainingIDs", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("origin", "varchar(255)", (col) => col.notNull())
    .addColumn("ip", "varchar(64)", (col) => col.notNull())
    .addColumn("claimedUntil", date)
    .addColumn("dateInserted", date, (col) => col.notNull())
    .addColumn("dateUpdated", date, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("longRunnerJobs_status")
    .on("longRunnerJobs")
    .columns(["status", "dateInserted"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("longRunnerJobs").execute();
}
