import type { DigestBackfillOptIn, LongRunnerQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { failureOf, type BatchOutcome, type LongRunnerAction } from "../../platform/long-runner/long-runner.ts";
import type { Platform } from "../../platform/context.ts";
import { optInToDigest } from "../notifications/index.ts";
import { digestPolicy } from "./digest.policy.ts";
import type { DigestRepo } from "./digest.repo.ts";

const BACKFILL_OPTIN_ACTION = "digest.backfillOptIn";

type BackfillArgs = { since: string };

/** A calendar date (YYYY-MM-DD) that exists: 2026-02-30 is not one. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * `POST /digest/backfill-optin` (Vanilla's): opts into the digest every member last active on or after a date who
 * never set their digest preference. The long runner's pattern (reference §1.7): the members are found first, then
 * opted in a batch per transaction as the site manager who asked (authorized again each batch), 200 when done
 * within the budget, 408 with a payload that `POST /calls/run` resumes, 202 with a tracking slip with
 * `longRunnerMode=async`. Each batch inserts only where no value is stored, so running it again changes nothing
 * and a member's "no" stays.
 */
export function createDigestBackfill(deps: { repo: DigestRepo; platform: Platform }) {
  const { repo, platform } = deps;

  const action: LongRunnerAction<BackfillArgs> = {
    name: BACKFILL_OPTIN_ACTION,
    async runBatch(ids, { since }, { viewer }): Promise<BatchOutcome> {
      try {
        requireAccess(viewer, digestPolicy.canManage);
        await platform.db.transaction().execute((trx) => optInToDigest(trx, ids, since));
        return { successIDs: ids, failures: new Map() };
      } catch (error) {
        const failure = failureOf(error);
        return { successIDs: [], failures: new Map(ids.map((id) => [id, failure])) };
      }
    },
  };

  return {
    action,
    async start(body: DigestBackfillOptIn, context: RequestContext, query: LongRunnerQuery) {
      requireAccess(context.viewer, digestPolicy.canManage);
      if (!isCalendarDate(body.dateLastActive)) {
        throw validationFailed([
          fieldError("dateLastActive", "invalid", "dateLastActive must be a date (YYYY-MM-DD).", 422),
        ]);
      }
      const since = body.dateLastActive;
      const ids = await repo.backfillCandidates(since);
      return platform.longRunner.start<BackfillArgs>(BACKFILL_OPTIN_ACTION, ids, { since }, context, query);
    },
  };
}

export type DigestBackfill = ReturnType<typeof createDigestBackfill>;
