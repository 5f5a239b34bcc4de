import type { SessionDeleteQuery, SessionListQuery, UserSession } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import type { UserRow, UserSessionRow } from "./users.repo.ts";
import { assertMayChangeManagers } from "./users.rules.ts";

/*
 * A member's browser sessions (`/sessions`, vanilla-sessions.yml): the member lists and signs out their own;
 * whoever edits members (users.edit) anyone's but a site manager's, which takes site.manage. Personal access
 * tokens are not sessions and stay (`/tokens`).
 */

const present = (row: UserSessionRow, currentSessionID: string | undefined): UserSession => ({
  sessionID: row.sessionID,
  userID: row.userID,
  dateInserted: toRfc3339(row.dateInserted),
  dateUpdated: toRfc3339(row.dateLastUsed),
  dateExpires: toRfc3339(row.dateExpires),
  userAgent: row.userAgent,
  ipAddress: row.ipAddress,
  isCurrent: row.sessionID === currentSessionID,
});

/** Load → authorize: the member whose sessions are asked for, if the viewer may see and end them. */
async function sessionOwner(deps: UsersDeps, userID: number, context: RequestContext): Promise<UserRow> {
  const { viewer } = context;
  requireSignedIn(viewer);
  // Another member's: refused before saying whether they exist.
  if (viewer.userID !== userID) requireAccess(viewer, usersPolicy.canEditOthers);
  const row = await deps.repo.findById(userID);
  if (!row || row.deleted === 1) throw notFound("User");
  requireAccess(viewer, usersPolicy.canManageSessionsOf, row);
  if (!usersPolicy.isSelf(viewer, row)) await assertMayChangeManagers(deps, viewer, [row]);
  return row;
}

/** `GET /sessions?userID=`: the member's sessions, the last used first; `filter` valid (not expired) or invalid. */
export async function listSessions(
  deps: UsersDeps,
  query: SessionListQuery,
  context: RequestContext,
): Promise<UserSession[]> {
  const row = await sessionOwner(deps, query.userID, context);
  const now = deps.platform.clock.nowMs();
  const valid = (session: UserSessionRow) => Date.parse(session.dateExpires) > now;
  const sessions = await deps.repo.sessionsOf(row.userID);
  const kept =
    query.filter === undefined ? sessions : sessions.filter((session) => valid(session) === (query.filter === "valid"));
  return kept.map((session) => present(session, context.viewer.session?.sessionID));
}

/**
 * `DELETE /sessions?userID=&sessionID=`: signs one session out (404 when the member has none of that id), or
 * every session of the member without `sessionID`. The next request with a signed-out cookie is a guest's.
 */
export async function deleteSessions(
  deps: UsersDeps,
  query: SessionDeleteQuery,
  context: RequestContext,
): Promise<void> {
  const row = await sessionOwner(deps, query.userID, context);
  const deleted = await deps.repo.deleteSessions(row.userID, query.sessionID);
  if (query.sessionID !== undefined && deleted === 0) throw new HttpError(404, "Session not found.");
}
