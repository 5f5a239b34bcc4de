import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { DB } from "../../platform/db/schema.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { DeleteMethod } from "./users.events.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { resolveUser } from "./users.read.ts";
import { keepSiteManager } from "./users.rules.ts";

/**
 * `DELETE /users/{id}`: authorize (delete; an administrator only by a site manager; never oneself) → load
 * → one transaction (other features' parts of the member's content, as `deleteMethod` says; the account
 * blanked, its roles and credentials gone; refused with 409 if it leaves no site manager) → `user.deleted`,
 * `user.access.changed`.
 */
export async function deleteUser(
  { repo, platform, contentRemovers }: UsersDeps,
  id: string,
  deleteMethod: DeleteMethod,
  context: RequestContext,
): Promise<void> {
  requireAccess(context.viewer, usersPolicy.canDelete);
  const row = await resolveUser({ repo }, id, context.viewer);
  if (row.userID === context.viewer.userID) throw new HttpError(400, "You cannot delete your own account here.");
  if (row.isAdmin >= 1) requireAccess(context.viewer, usersPolicy.isSiteManager);
  if (row.deleted === 1) throw notFound("User");
  await platform.db.transaction().execute(async (trx) => {
    const before = await repo.withTransaction(trx).siteManagerIDs(usersPolicy.siteManagerGrant);
    await eraseAccount({ repo, platform, contentRemovers }, trx, row.userID, deleteMethod);
    await keepSiteManager(repo.withTransaction(trx), before);
  });
  await platform.events.emit("user.deleted", { userID: row.userID, deleteMethod });
  await platform.events.emit("user.access.changed", { userID: row.userID });
}

/**
 * Inside a deletion's transaction (`trx`): other features' parts of the member's content as `deleteMethod`
 * says, then the account blanked, its roles and credentials gone. The caller emits the events after the commit.
 */
export async function eraseAccount(
  { repo, platform, contentRemovers }: Pick<UsersDeps, "repo" | "platform" | "contentRemovers">,
  trx: Kysely<DB>,
  userID: number,
  deleteMethod: DeleteMethod,
): Promise<void> {
  const scoped = repo.withTransaction(trx);
  for (const remove of contentRemovers) await remove(trx, userID, deleteMethod);
  await scoped.update(userID, {
    deleted: 1,
    banned: 0,
    passwordHash: null,
    photoUrl: null,
    photoThumbnail: null,
    title: null,
    dateUpdated: platform.clock.nowIso(),
  });
  await scoped.setRoles(userID, []);
  await scoped.deleteCredentials(userID);
}
