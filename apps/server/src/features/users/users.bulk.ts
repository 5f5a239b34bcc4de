import type { BulkBanBody, BulkDeleteBody, BulkRoleAssignment } from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { lockRowsExclusively } from "../../platform/db/row-locks.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { eraseAccount } from "./users.delete.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import type { UserRow, UsersRepo } from "./users.repo.ts";
import { assertMayChangeManagers, keepSiteManager, refuseUsers } from "./users.rules.ts";
import { banColumns, UNBAN_JOB } from "./users.update.ts";

/*
 * The dashboard's bulk actions on members: add and remove roles (Vanilla's `PATCH /users/bulk-role-assignment`),
 * ban or unban (`PATCH /users/bulk-ban`) and delete (`POST /users/bulk-delete`), each on at most
 * `userRules.bulkMaxUsers` members. Each is all or nothing: parse → load (every member named must exist) →
 * authorize (the action's permission, and site managers only by a site manager) → one transaction (the members'
 * rows locked, the write, then the rule that someone keeps site.manage: 409 undoes it all) → events.
 */

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The members named, each once, in id order; any unknown or deleted one refuses the whole action (400). */
async function loadTargets({ repo }: Pick<UsersDeps, "repo">, userIDs: readonly number[]): Promise<UserRow[]> {
  const ids = unique(userIDs);
  const rows = (await repo.findByIDs(ids)).filter((row) => row.deleted === 0);
  const found = new Set(rows.map((row) => row.userID));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw refuseUsers(400, (listed) => `No such user: ${listed}.`, missing);
  return rows;
}

/** 400 naming the viewer when they are among the members (banning or deleting oneself). */
function refuseSelf(viewer: Viewer, rows: readonly UserRow[], message: (listed: string) => string): void {
  if (rows.some((row) => row.userID === viewer.userID)) throw refuseUsers(400, message, [viewer.userID]);
}

/**
 * The write, in one transaction: the members' rows and the site managers' locked first (so two actions that
 * would each leave one site manager wait for each other), then the write, then at least one site manager left.
 */
async function writeAll(
  { repo, platform }: Pick<UsersDeps, "repo" | "platform">,
  rows: readonly UserRow[],
  write: (scoped: UsersRepo, trx: Kysely<DB>) => Promise<void>,
): Promise<void> {
  await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const before = await scoped.siteManagerIDs(usersPolicy.siteManagerGrant);
    await lockRowsExclusively(trx, "users", "userID", [...rows.map((row) => row.userID), ...before]);
    await write(scoped, trx);
    await keepSiteManager(scoped, before);
  });
}

/**
 * `PATCH /users/bulk-role-assignment`: every member gains `addRoleIDs` and loses `removeRoleIDs` (users.edit;
 * roles that manage the site, and members who do, only by a site manager).
 */
export async function bulkAssignRoles(
  deps: UsersDeps,
  body: BulkRoleAssignment,
  context: RequestContext,
): Promise<void> {
  const { repo, platform } = deps;
  const { viewer } = context;
  requireAccess(viewer, usersPolicy.canEditOthers);
  const add = unique(body.addRoleIDs ?? []);
  const remove = unique(body.removeRoleIDs ?? []);
  if (add.length === 0 && remove.length === 0)
    throw validationFailed([fieldError("addRoleIDs", "missingField", "Name a role to add or a role to remove.")]);
  const both = add.filter((roleID) => remove.includes(roleID));
  if (both.length)
    throw validationFailed([
      fieldError("removeRoleIDs", "invalid", `A role cannot be both added and removed: ${both.join(", ")}.`),
    ]);
  const roles = await repo.rolesByIDs([...add, ...remove]);
  const unknown = (ids: number[], field: string) => {
    const missing = ids.filter((roleID) => !roles.some((role) => role.roleID === roleID));
    return missing.length ? [fieldError(field, "invalid", `Unknown role: ${missing.join(", ")}.`)] : [];
  };
  const errors = [...unknown(add, "addRoleIDs"), ...unknown(remove, "removeRoleIDs")];
  if (errors.length) throw validationFailed(errors);
  const managing = await repo.rolesGranting(usersPolicy.siteManagerGrant, [...add, ...remove]);
  if (managing.length || roles.some((role) => role.type === "administrator"))
    requireAccess(viewer, usersPolicy.isSiteManager);

  const rows = await loadTargets(deps, body.userIDs);
  await assertMayChangeManagers(deps, viewer, rows);
  const userIDs = rows.map((row) => row.userID);
  await writeAll(deps, rows, async (scoped) => {
    await scoped.addRoles(userIDs, add);
    await scoped.removeRoles(userIDs, remove);
    await scoped.updateMany(userIDs, { dateUpdated: platform.clock.nowIso() });
  });
  for (const userID of userIDs) await platform.events.emit("user.access.changed", { userID });
}

/**
 * `PATCH /users/bulk-ban`: `PUT /users/{id}/ban` for every member at once (a reason and an end in the future
 * when banning); never oneself or an administrator.
 */
export async function bulkBan(deps: UsersDeps, body: BulkBanBody, context: RequestContext): Promise<void> {
  const { platform } = deps;
  const { viewer } = context;
  requireAccess(viewer, usersPolicy.canBan);
  const now = platform.clock.now();
  const ends = body.banned && body.dateBanExpires ? new Date(body.dateBanExpires) : null;
  if (ends && ends.getTime() <= now.getTime())
    throw validationFailed([fieldError("dateBanExpires", "invalid", "A ban's end must be in the future.")]);
  const rows = await loadTargets(deps, body.userIDs);
  refuseSelf(viewer, rows, (listed) => `You cannot ban yourself: ${listed}.`);
  const admins = rows.filter((row) => row.isAdmin >= 1).map((row) => row.userID);
  if (admins.length) throw refuseUsers(403, (listed) => `Administrators cannot be banned: ${listed}.`, admins);
  await assertMayChangeManagers(deps, viewer, rows);
  const userIDs = rows.map((row) => row.userID);
  await writeAll(deps, rows, async (scoped) => {
    await scoped.updateMany(userIDs, {
      ...banColumns(body.banned, now.toISOString(), {
        reason: body.reason ?? null,
        dateBanExpires: ends?.toISOString() ?? null,
        insertUserID: viewer.userID,
      }),
      dateUpdated: now.toISOString(),
    });
  });
  if (ends) platform.jobs.wakeAt(UNBAN_JOB, ends);
  for (const userID of userIDs) await platform.events.emit("user.access.changed", { userID });
  if (body.banned) for (const userID of userIDs) await platform.events.emit("user.banned", { userID });
}

/**
 * `POST /users/bulk-delete`: `DELETE /users/{id}` for every member in one transaction (keep, wipe or delete
 * their posts); never oneself.
 */
export async function bulkDelete(deps: UsersDeps, body: BulkDeleteBody, context: RequestContext): Promise<void> {
  const { platform } = deps;
  const { viewer } = context;
  requireAccess(viewer, usersPolicy.canDelete);
  const deleteMethod = body.deleteMethod ?? "delete";
  const rows = await loadTargets(deps, body.userIDs);
  refuseSelf(viewer, rows, (listed) => `You cannot delete your own account here: ${listed}.`);
  await assertMayChangeManagers(deps, viewer, rows);
  await writeAll(deps, rows, async (_scoped, trx) => {
    for (const row of rows) await eraseAccount(deps, trx, row.userID, deleteMethod);
  });
  for (const row of rows) {
    await platform.events.emit("user.deleted", { userID: row.userID, deleteMethod });
    await platform.events.emit("user.access.changed", { userID: row.userID });
  }
}
