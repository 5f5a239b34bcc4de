import { privacyMessages, type SelfDeleteBody, type SelfDeleteMethod, type SelfDeleteResult } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import { verifyPassword } from "../../platform/auth/password.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { eraseAccount } from "./users.delete.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { resolveUser } from "./users.read.ts";
import { keepSiteManager } from "./users.rules.ts";

/** The job that deletes the accounts whose grace period has ended (woken for each one scheduled). */
export const SCHEDULED_DELETIONS_JOB = "users.scheduledDeletions";

const DAY_MS = 24 * 3600_000;
/** Accounts one run of the job deletes (each in its own transaction); the next run takes the rest. */
const DELETIONS_PER_RUN = 20;

/** Wrong passwords a member may give here in 15 minutes (as sign-in allows per account and address). */
export const SELF_DELETE_WRONG_PASSWORDS = { max: 5, windowMs: 15 * 60_000 } as const;

/** The site's choice for a member's own deletion: keep their posts (as a deleted member's) or wipe them. */
async function siteDeleteMethod(deps: Pick<UsersDeps, "platform">): Promise<SelfDeleteMethod> {
  return (await deps.platform.siteConfig.get("account.deleteMethod")) === "wipe" ? "wipe" : "keep";
}

/** Erases one account with the site's method, in one transaction that must leave a site manager. */
async function eraseNow(deps: UsersDeps, userID: number): Promise<void> {
  const { repo, platform } = deps;
  const deleteMethod = await siteDeleteMethod(deps);
  await platform.db.transaction().execute(async (trx) => {
    const before = await repo.withTransaction(trx).siteManagerIDs(usersPolicy.siteManagerGrant);
    await eraseAccount(deps, trx, userID, deleteMethod);
    await keepSiteManager(repo.withTransaction(trx), before);
  });
  await platform.events.emit("user.deleted", { userID, deleteMethod });
  await platform.events.emit("user.access.changed", { userID });
}

/**
 * `POST /users/me/delete`: the signed-in member deletes their own account, confirming with their password.
 * Load → authorize (signed in; the password right, wrong ones limited; never the last site manager) → with
 * the site's grace period 0 the account is erased as `DELETE /users/{id}` erases it (`eraseAccount`, the
 * site's `account.deleteMethod`), else it is deactivated at once (every session and token revoked, sign-in
 * refused) and the scheduled job erases it at `dateDeleteScheduled`.
 */
export async function deleteOwnAccount(
  deps: UsersDeps,
  body: SelfDeleteBody,
  context: RequestContext,
  wrongPasswords: Limiter,
): Promise<SelfDeleteResult> {
  const { repo, platform } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  assertAccountUsable(viewer);
  const row = await repo.findById(viewer.userID);
  if (!row || row.deleted === 1) throw notFound("User");

  const key = String(row.userID);
  if (!(await wrongPasswords.peek(key)).allowed) throw new HttpError(429, privacyMessages.tooManyPasswords);
  if (!(await verifyPassword(body.password, row.passwordHash, row.name))) {
    await wrongPasswords.hit(key);
    throw validationFailed([fieldError("password", "invalid", privacyMessages.wrongPassword)]);
  }
  await wrongPasswords.reset(key);
  const managers = await repo.siteManagerIDs(usersPolicy.siteManagerGrant);
  if (managers.includes(row.userID) && managers.every((id) => id === row.userID))
    throw conflict(privacyMessages.lastAdministrator);

  const graceDays = await platform.siteConfig.get("account.deleteGraceDays");
  if (graceDays <= 0) {
    await eraseNow(deps, row.userID);
    return { status: "deleted", dateDeleteScheduled: null };
  }
  const now = platform.clock.now();
  const at = new Date(now.getTime() + graceDays * DAY_MS);
  await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    await scoped.update(row.userID, { dateDeleteScheduled: at.toISOString(), dateUpdated: now.toISOString() });
    await scoped.deleteCredentials(row.userID);
  });
  platform.jobs.wakeAt(SCHEDULED_DELETIONS_JOB, at);
  await platform.events.emit("user.access.changed", { userID: row.userID });
  return { status: "scheduled", dateDeleteScheduled: toRfc3339(at.toISOString()) };
}

/**
 * `DELETE /users/{id}/scheduled-deletion`: a site manager cancels a member's own deletion during its grace
 * period; the account is active again (the member signs in anew: their sessions were revoked).
 */
export async function cancelScheduledDeletion(deps: UsersDeps, id: string, context: RequestContext): Promise<void> {
  requireAccess(context.viewer, usersPolicy.isSiteManager);
  const row = await resolveUser(deps, id, context.viewer);
  if (row.deleted === 1 || !row.dateDeleteScheduled)
    throw notFound("Scheduled deletion", privacyMessages.noScheduledDeletion);
  await deps.repo.update(row.userID, { dateDeleteScheduled: null, dateUpdated: deps.platform.clock.nowIso() });
  await deps.platform.events.emit("user.access.changed", { userID: row.userID });
}

/** The job: erases the accounts whose grace period has ended. One that would leave no site manager waits. */
export async function runScheduledDeletions(deps: UsersDeps): Promise<number> {
  const due = await deps.repo.dueDeletions(deps.platform.clock.nowIso(), DELETIONS_PER_RUN);
  let deleted = 0;
  for (const userID of due) {
    try {
      await eraseNow(deps, userID);
      deleted += 1;
    } catch (error) {
      console.error(`Scheduled deletion of user ${userID} failed:`, error);
    }
  }
  return deleted;
}

/** Sign-in's refusal for an account waiting for its deletion, saying when it goes. */
export function assertNotScheduledForDeletion(row: { dateDeleteScheduled: string | null; deleted: number }): void {
  if (row.deleted === 1 || !row.dateDeleteScheduled) return;
  const date = new Date(row.dateDeleteScheduled).toISOString().slice(0, 10);
  throw new HttpError(401, privacyMessages.deletionScheduled.replace("{date}", date));
}
