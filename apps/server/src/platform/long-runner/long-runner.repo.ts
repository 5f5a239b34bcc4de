import type { Insertable, Kysely, Selectable } from "kysely";
import type { UserRow } from "../auth/auth.repo.ts";
import type { DialectName } from "../db/database.ts";
import type { DB, LongRunnerJobsTable } from "../db/schema.ts";

export type LongRunnerJobRow = Selectable<LongRunnerJobsTable>;

/** The long-runner's SQL: its signing secret (kept in the config table), the user a payload names, queued calls. */
export function createLongRunnerRepo(db: Kysely<DB>, dialect: DialectName) {
  return {
    /** A server secret, created on first use by whichever process gets there first; never readable through /config. */
    async secret(key: string, create: () => string): Promise<string> {
      await db
        .insertInto("config")
        .values({ key, value: JSON.stringify(create()), dateUpdated: new Date().toISOString() })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const row = await db.selectFrom("config").select("value").where("key", "=", key).executeTakeFirstOrThrow();
      return JSON.parse(row.value) as string;
    },

    async userById(userID: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst();
    },

    async enqueue(row: Insertable<LongRunnerJobsTable>): Promise<void> {
      await db.insertInto("longRunnerJobs").values(row).execute();
    },

    /** The oldest waiting call not claimed by a process now, claimed until `leaseUntil`; undefined when none. */
    async claimNext(now: string, leaseUntil: string): Promise<LongRunnerJobRow | undefined> {
      const next = db
        .selectFrom("longRunnerJobs")
        .select("jobID")
        .where("status", "=", "intended")
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
        .orderBy("dateInserted")
        .limit(1);
      return db
        .updateTable("longRunnerJobs")
        .set({ claimedUntil: leaseUntil })
        .where("jobID", "in", dialect === "postgres" ? next.forUpdate().skipLocked() : next)
        .where("status", "=", "intended")
        .where((eb) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]))
        .returningAll()
        .executeTakeFirst();
    },

    /** What is left after a batch, written while this claim holds (the claim kept). */
    async saveProgress(
      jobID: string,
      leaseUntil: string,
      changes: Pick<LongRunnerJobRow, "remainingIDs" | "state" | "dateUpdated">,
    ): Promise<void> {
      await db
        .updateTable("longRunnerJobs")
        .set(changes)
        .where("jobID", "=", jobID)
        .where("claimedUntil", "=", leaseUntil)
        .execute();
    },

    /** Removes the calls that ended (complete or failed) before `before`: their slips are no longer asked for. */
    async removeEndedBefore(before: string): Promise<void> {
      await db
        .deleteFrom("longRunnerJobs")
        .where("status", "in", ["complete", "failed"])
        .where("dateUpdated", "<", before)
        .execute();
    },

    /** Queued calls not ended: all of them, and those a process holds a claim on at `now` (`/metrics`). */
    async countQueued(now: string): Promise<{ queued: number; claimed: number }> {
      const row = await db
        .selectFrom("longRunnerJobs")
        .where("status", "=", "intended")
        .select((eb) => [
          eb.fn.countAll<number>().as("queued"),
          eb.fn.count<number>(eb.case().when("claimedUntil", ">=", now).then(1).end()).as("claimed"),
        ])
        .executeTakeFirstOrThrow();
      return { queued: Number(row.queued), claimed: Number(row.claimed) };
    },

    async findByTrackingID(jobTrackingID: string): Promise<LongRunnerJobRow | undefined> {
      return db.selectFrom("longRunnerJobs").selectAll().where("jobTrackingID", "=", jobTrackingID).executeTakeFirst();
    },

    /** A round's outcome, written while this claim holds: what is left, or the call's end; the claim let go. */
    async saveRound(
      jobID: string,
      leaseUntil: string,
      changes: Pick<LongRunnerJobRow, "remainingIDs" | "state" | "status" | "dateUpdated">,
    ): Promise<void> {
      await db
        .updateTable("longRunnerJobs")
        .set({ ...changes, claimedUntil: null })
        .where("jobID", "=", jobID)
        .where("claimedUntil", "=", leaseUntil)
        .execute();
    },
  };
}
