import { requireAccess } from "../../platform/auth/access.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { DeleteMethod } from "./users.events.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { resolveUser } from "./users.read.ts";

/**
 * `DELETE /users/{id}`: authorize (delete; an administrator only by a site manager; never oneself) → load
 * → one transaction (other features' parts of the member's content, as `deleteMethod` says; the account
 * blanked, its roles and credentials gone) → `user.deleted`, `user.access.changed`.
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
    const scoped = repo.withTransaction(trx);
    for (const remove of contentRemovers) await remove(trx, row.userID, deleteMethod);
    await scoped.update(row.userID, {
      deleted: 1,
      banned: 0,
      passwordHash: null,
      photoUrl: null,
      title: null,
      dateUpdated: platform.clock.nowIso(),
    });
    await scoped.setRoles(row.userID, []);
    await scoped.deleteCredentials(row.userID);
  });
  await platform.events.emit("user.deleted", { userID: row.userID, deleteMethod });
  await platform.events.emit("user.access.changed", { userID: row.userID });
}
