import type { BanBody, User, UserPatch } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/password.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { presentUserRecord, resolveUser } from "./users.read.ts";
import type { UserRow } from "./users.repo.ts";
import {
  assertAssignable,
  assertBannable,
  assertMayChangeManagers,
  checkIdentity,
  keepSiteManager,
  promoteUnconfirmed,
} from "./users.rules.ts";

/**
 * Who may make this patch: oneself, or a member who edits others; the administrators' fields (e-mail
 * confirmed, spam bypass, roles, ban) and a new name with their own permissions. Changing one's own
 * e-mail or password needs the current password.
 */
async function authorizeUserEdit(viewer: Viewer, row: UserRow, body: UserPatch): Promise<{ admin: boolean }> {
  const self = usersPolicy.isSelf(viewer, row);
  const admin = usersPolicy.canEditOthers(viewer);
  if (!self) requireAccess(viewer, usersPolicy.canEditOthers);
  const adminOnly = (["emailConfirmed", "bypassSpam", "roleID", "banned"] as const).filter(
    (key) => body[key] !== undefined,
  );
  if (adminOnly.length) requireAccess(viewer, usersPolicy.canEditOthers);
  if (body.name !== undefined && body.name !== row.name) requireAccess(viewer, usersPolicy.canRename);

  // Changing one's own e-mail or password needs the current password.
  if (self && !admin && (body.password !== undefined || (body.email !== undefined && body.email !== row.email))) {
    if (!(await verifyPassword(body.passwordConfirmation ?? "", row.passwordHash, row.name))) {
      throw validationFailed([fieldError("passwordConfirmation", "invalid", "Your current password is incorrect.")]);
    }
  }
  return { admin };
}

/**
 * `PATCH /users/{id}`: load (the user, by smart id) → authorize the patch → validate (a free name and
 * e-mail, the password, the signature's and about's formats, roles the viewer may hand out, a site manager's roles only by a
 * site manager, a bannable user) → one transaction (the row and its roles, and with a new password the member's
 * other sessions signed out; 409 if no site manager is left) →
 * the promotion of a now-confirmed member, `user.access.changed` when roles or the ban changed → the presented
 * user.
 */
export async function updateUser(deps: UsersDeps, id: string, body: UserPatch, context: RequestContext): Promise<User> {
  const { repo, platform } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const row = await resolveUser(deps, id, viewer);
  const { admin } = await authorizeUserEdit(viewer, row, body);
  const name = body.name?.trim();
  const email = body.email?.trim();
  const signatureFormat = body.signatureFormat === undefined ? undefined : normalizeFormat(body.signatureFormat);
  if (signatureFormat === null) {
    throw validationFailed([fieldError("signatureFormat", "invalid", "signatureFormat is not a valid format.")]);
  }
  const signature = body.signature === undefined ? undefined : body.signature?.trim() || null;
  const aboutFormat = body.aboutFormat === undefined ? undefined : normalizeFormat(body.aboutFormat);
  if (aboutFormat === null) {
    throw validationFailed([fieldError("aboutFormat", "invalid", "aboutFormat is not a valid format.")]);
  }
  const about = body.about === undefined ? undefined : body.about?.trim() || null;
  const location = body.location === undefined ? undefined : body.location?.trim() || null;
  const title = body.title === undefined ? undefined : body.title?.trim() || null;
  await checkIdentity(
    deps,
    {
      ...(name !== undefined && name !== row.name ? { name } : {}),
      ...(email !== undefined && email !== row.email ? { email } : {}),
      ...(body.password !== undefined ? { password: body.password } : {}),
    },
    row.userID,
  );
  if (body.roleID) {
    await assertAssignable(deps, body.roleID, viewer);
    await assertMayChangeManagers(deps, viewer, [row]);
  }
  if (body.banned !== undefined) assertBannable(row, viewer);
  // Watched words on a new name, title, location, about or signature (a blocked one refuses with a 422).
  const screens = await Promise.all([
    (name !== undefined && name !== row.name) || title || location
      ? platform.screening.screen({ kind: "name", fields: { name, title, location }, context, edit: true })
      : null,
    about
      ? platform.screening.screen({
          kind: "signature",
          fields: { about },
          format: aboutFormat ?? row.aboutFormat ?? "markdown",
          context,
          edit: true,
        })
      : null,
    signature
      ? platform.screening.screen({
          kind: "signature",
          fields: { signature },
          format: signatureFormat ?? row.signatureFormat ?? "markdown",
          context,
          edit: true,
        })
      : null,
  ]);

  await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    await scoped.update(row.userID, {
      ...(name !== undefined ? { name } : {}),
      ...(email !== undefined ? { email } : {}),
      ...(email !== undefined && email.toLowerCase() !== row.email.toLowerCase() && !admin
        ? { emailConfirmed: 0 }
        : {}),
      ...(body.emailConfirmed !== undefined ? { emailConfirmed: body.emailConfirmed ? 1 : 0 } : {}),
      ...(body.showEmail !== undefined ? { showEmail: body.showEmail ? 1 : 0 } : {}),
      ...(body.bypassSpam !== undefined ? { bypassSpam: body.bypassSpam ? 1 : 0 } : {}),
      ...(body.private !== undefined ? { private: body.private ? 1 : 0 } : {}),
      ...(body.hidden !== undefined ? { hidden: body.hidden ? 1 : 0 } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(location !== undefined ? { location } : {}),
      ...(about !== undefined
        ? { about, aboutFormat: about === null ? null : (aboutFormat ?? "markdown") }
        : aboutFormat !== undefined && row.about
          ? { aboutFormat }
          : {}),
      ...(signature !== undefined
        ? { signature, signatureFormat: signature === null ? null : (signatureFormat ?? "markdown") }
        : signatureFormat !== undefined && row.signature
          ? { signatureFormat }
          : {}),
      ...(body.banned !== undefined && body.banned !== (row.banned === 1)
        ? banColumns(body.banned, platform.clock.nowIso(), { insertUserID: viewer.userID })
        : {}),
      ...(body.password !== undefined ? { passwordHash: await hashPassword(body.password) } : {}),
      dateUpdated: platform.clock.nowIso(),
    });
    // A new password signs the member's other sessions out (the one changing it stays; API tokens stay).
    if (body.password !== undefined) {
      const keep = usersPolicy.isSelf(viewer, row) ? (viewer.session?.sessionID ?? null) : null;
      await scoped.deleteOtherSessions(row.userID, keep);
    }
    if (body.roleID) {
      const before = await scoped.siteManagerIDs(usersPolicy.siteManagerGrant);
      await scoped.setRoles(row.userID, body.roleID);
      await keepSiteManager(scoped, before);
    }
  });

  if (body.emailConfirmed === true && row.emailConfirmed === 0) await promoteUnconfirmed(deps, row.userID);
  await platform.events.emit("user.updated", { userID: row.userID });
  if (body.roleID || body.banned !== undefined)
    await platform.events.emit("user.access.changed", { userID: row.userID });
  // What others see of the member (their name and title on every post, their profile, whether it is private) changed.
  if ([name, title, location, about, signature, body.private].some((value) => value !== undefined))
    await platform.events.emit("user.profile.changed", { userID: row.userID });
  for (const screened of screens) await screened?.recorded(null, row.userID);
  return presentUserRecord(deps, (await repo.findById(row.userID))!, context);
}

/** The columns of a ban, or of its end: the reason, start, end and author are kept only while banned. */
export function banColumns(
  banned: boolean,
  now: string,
  details: { reason?: string | null; dateBanExpires?: string | null; insertUserID?: number } = {},
) {
  return banned
    ? {
        banned: 1 as const,
        banReason: details.reason?.trim() || null,
        dateBanned: now,
        dateBanExpires: details.dateBanExpires ? new Date(details.dateBanExpires).toISOString() : null,
        banInsertUserID: details.insertUserID ?? null,
      }
    : { banned: 0 as const, banReason: null, dateBanned: null, dateBanExpires: null, banInsertUserID: null };
}

/**
 * `PUT /users/{id}/ban`: load → authorize (ban, and not oneself or an administrator) → an end in the future →
 * the flag with its reason, start, end and author (cleared on unban) → `user.access.changed`; a ban that ends
 * is lifted by the `users.unbanExpired` job, woken for its end.
 */
export async function banUser(
  deps: UsersDeps,
  id: string,
  body: BanBody,
  context: RequestContext,
): Promise<{ banned: boolean }> {
  const { platform } = deps;
  const row = await resolveUser(deps, id, context.viewer);
  requireAccess(context.viewer, usersPolicy.canBan);
  assertBannable(row, context.viewer);
  const now = platform.clock.now();
  const ends = body.banned && body.dateBanExpires ? new Date(body.dateBanExpires) : null;
  if (ends && ends.getTime() <= now.getTime())
    throw validationFailed([fieldError("dateBanExpires", "invalid", "A ban's end must be in the future.")]);
  await deps.repo.update(row.userID, {
    ...banColumns(body.banned, now.toISOString(), {
      reason: body.reason ?? null,
      dateBanExpires: ends?.toISOString() ?? null,
      insertUserID: context.viewer.userID,
    }),
    dateUpdated: now.toISOString(),
  });
  if (ends) platform.jobs.wakeAt(UNBAN_JOB, ends);
  await platform.events.emit("user.access.changed", { userID: row.userID });
  if (body.banned) await platform.events.emit("user.banned", { userID: row.userID });
  return { banned: body.banned };
}

/** The job that lifts the bans whose end has come. */
export const UNBAN_JOB = "users.unbanExpired";

/** Lifts every ban whose end has come (each one's access changes at once in every process). */
export async function unbanExpired(deps: Pick<UsersDeps, "repo" | "platform">): Promise<number> {
  const { repo, platform } = deps;
  const lifted = await repo.liftEndedBans(platform.clock.nowIso());
  for (const userID of lifted) await platform.events.emit("user.access.changed", { userID });
  return lifted.length;
}
