import { ignoreMessages, ignoreRules, type IgnoredUser, type IgnoreState } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { badRequest, HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UserFragments } from "./ignore.deps.ts";
import { ignorePolicy as policy } from "./ignore.policy.ts";
import type { IgnoreRepo } from "./ignore.repo.ts";

/** Ignoring members: a member's list, ignoring one, stopping; and who ignores whom, for the other features. */
export function createIgnoreService({
  repo,
  platform,
  users,
}: {
  repo: IgnoreRepo;
  platform: Platform;
  users: UserFragments;
}) {
  /** The member asked about must exist and not be deleted (404 otherwise). */
  async function member(userID: number) {
    const row = await repo.userById(userID);
    if (!row || row.deleted === 1) throw notFound("User");
    return row;
  }

  function requireSelf(viewer: Viewer, userID: number) {
    requireSignedIn(viewer);
    if (!policy.canChange(viewer, userID)) throw new HttpError(403, ignoreMessages.notYours);
  }

  async function list(userID: number, context: RequestContext): Promise<IgnoredUser[]> {
    requireAccess(context.viewer, policy.canView, userID);
    await member(userID);
    const rows = await repo.ignoredBy(userID);
    const fragments = await users.load(
      rows.map((row) => row.ignoredUserID),
      context.origin,
    );
    return rows.flatMap((row) => {
      const fragment = fragments.get(row.ignoredUserID);
      return fragment ? [{ ...fragment, dateIgnored: toRfc3339(row.dateIgnored) }] : [];
    });
  }

  /** Whether the member is a moderator or an administrator, who cannot be ignored. */
  async function isModerator(row: Awaited<ReturnType<typeof member>>) {
    return policy.isModerator(await platform.sessions.viewerFor(row, "cookie", null));
  }

  return {
    list,

    /** Whether the user ignores a member, and whether they may (the profile's Ignore button). */
    async state(userID: number, ignoredUserID: number, context: RequestContext): Promise<IgnoreState> {
      requireAccess(context.viewer, policy.canView, userID);
      await member(userID);
      const target = await member(ignoredUserID);
      return {
        ignored: await repo.exists(userID, ignoredUserID),
        canIgnore: ignoredUserID !== userID && !(await isModerator(target)),
      };
    },

    /** Ignores a member (idempotent): not oneself, not a moderator, not past the limit. */
    async ignore(userID: number, ignoredUserID: number, context: RequestContext): Promise<IgnoredUser[]> {
      const { viewer } = context;
      requireSelf(viewer, userID);
      if (ignoredUserID === userID) throw badRequest(ignoreMessages.self);
      const target = await member(ignoredUserID);
      if (await isModerator(target)) throw badRequest(ignoreMessages.moderator);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        if (await scoped.exists(userID, ignoredUserID)) return;
        if ((await scoped.count(userID)) >= ignoreRules.maxIgnored) throw badRequest(ignoreMessages.tooMany);
        await scoped.insert({ userID, ignoredUserID, dateIgnored: platform.clock.nowIso() });
      });
      return list(userID, context);
    },

    /** Stops ignoring a member (idempotent). */
    async unignore(userID: number, ignoredUserID: number, viewer: Viewer): Promise<void> {
      requireSelf(viewer, userID);
      await repo.remove(userID, ignoredUserID);
    },

    /** Of `userIDs`, the members who ignore `userID` (their conversations and mentions refuse them). */
    ignorersAmong: (userID: number, userIDs: number[]) => repo.ignorersAmong(userID, userIDs),
  };
}

export type IgnoreService = ReturnType<typeof createIgnoreService>;
