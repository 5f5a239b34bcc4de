import type { Kysely } from "kysely";

/**
 * `GET /calls/{jobTrackingID}` (a category's deletion page asks every second) finds a queued call by its
 * tracking ID; the queue's cleaning finds finished calls by status and date (`longRunnerJobs_status`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("longRunnerJobs_jobTrackingID")
    .on("longRunnerJobs")
    .column("jobTrackingID")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("longRunnerJobs_jobTrackingID").execute();
}
