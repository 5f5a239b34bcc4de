import type { LongRunnerQueue, QueuedCall } from "./long-runner.ts";
import type { createLongRunnerRepo } from "./long-runner.repo.ts";

/** The job that runs queued calls (`longRunnerMode=async`). */
export const LONG_RUNNER_JOB = "longRunner.queue";

/** A round's claim: longer than a round's budget (at most 20 s) with room to write its outcome. */
const CLAIM_MS = 60_000;

/** How long an ended call's slip still answers `GET /calls/{jobTrackingID}`. */
const ENDED_KEPT_MS = 7 * 24 * 3600_000;

/** The queue of async calls on the `longRunnerJobs` table. */
export function longRunnerQueue(repo: ReturnType<typeof createLongRunnerRepo>, wake: () => void): LongRunnerQueue {
  return {
    async enqueue(call: QueuedCall) {
      const now = new Date().toISOString();
      await repo.enqueue({
        jobID: call.jobID,
        jobTrackingID: call.jobTrackingID,
        userID: call.userID,
        action: call.action,
        args: JSON.stringify(call.args ?? {}),
        remainingIDs: JSON.stringify(call.remainingIDs),
        state: JSON.stringify(call.state),
        status: "intended",
        origin: call.origin,
        ip: call.ip,
        claimedUntil: null,
        dateInserted: now,
        dateUpdated: now,
      });
    },

    async claimNext() {
      const now = new Date();
      const leaseUntil = new Date(now.getTime() + CLAIM_MS).toISOString();
      const row = await repo.claimNext(now.toISOString(), leaseUntil);
      if (!row) {
        // The queue is empty: a good moment to forget the calls that ended long ago.
        await repo.removeEndedBefore(new Date(now.getTime() - ENDED_KEPT_MS).toISOString());
        return null;
      }
      return {
        call: {
          jobID: row.jobID,
          jobTrackingID: row.jobTrackingID,
          userID: row.userID,
          action: row.action,
          args: JSON.parse(row.args) as unknown,
          remainingIDs: JSON.parse(row.remainingIDs) as number[],
          state: JSON.parse(row.state) as QueuedCall["state"],
          origin: row.origin,
          ip: row.ip,
        },
        progress: (remainingIDs, state) =>
          repo.saveProgress(row.jobID, leaseUntil, {
            remainingIDs: JSON.stringify(remainingIDs),
            state: JSON.stringify(state),
            dateUpdated: new Date().toISOString(),
          }),
        done: (remainingIDs, state, status) =>
          repo.saveRound(row.jobID, leaseUntil, {
            remainingIDs: JSON.stringify(remainingIDs),
            state: JSON.stringify(state),
            status,
            dateUpdated: new Date().toISOString(),
          }),
      };
    },

    async find(jobTrackingID: string) {
      const row = await repo.findByTrackingID(jobTrackingID);
      if (!row) return undefined;
      return {
        jobID: row.jobID,
        jobTrackingID: row.jobTrackingID,
        userID: row.userID,
        status: row.status,
        state: JSON.parse(row.state) as QueuedCall["state"],
        dateInserted: String(row.dateInserted),
        dateUpdated: String(row.dateUpdated),
      };
    },

    wake,
  };
}
