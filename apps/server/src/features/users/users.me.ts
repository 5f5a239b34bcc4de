import type { Me, MeCounts, UserPermissions } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { createNewMemberLimits } from "./users.new-members.ts";
import { editWindowFor } from "./users.rank-abilities.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { presentGuestMe, presentMe } from "./users.present.ts";
import { resolveUser } from "./users.read.ts";

/** `GET /users/me`: the viewer (or the guest), their global permissions and unread counts. */
export async function me(
  { repo, platform, unreadNotifications, unreadConversations }: UsersDeps,
  context: RequestContext,
): Promise<Me> {
  const { viewer } = context;
  const global = viewer.permissions.permissions.find((fragment) => fragment.type === "global");
  const permissions = Object.entries(global?.permissions ?? {})
    .filter(([, value]) => value === true)
    .map(([name]) => name)
    .sort();
  if (!viewer.user)
    return presentGuestMe(await repo.rolesByIDs(viewer.roleIDs), { origin: context.origin, permissions });
  const [roleMap, countUnreadNotifications, countUnreadConversations, newMember, editContentTimeout] =
    await Promise.all([
      repo.rolesOf([viewer.userID]),
      unreadNotifications(viewer.userID, viewer),
      unreadConversations(viewer.userID),
      createNewMemberLimits(platform).limitsFor(viewer),
      editWindowFor(platform, viewer),
    ]);
  return presentMe(viewer.user, roleMap.get(viewer.userID) ?? [], {
    origin: context.origin,
    permissions,
    isAdmin: viewer.permissions.isAdmin,
    countUnreadNotifications,
    countUnreadConversations,
    newMember,
    editContentTimeout,
  });
}

/** `GET /users/me-counts`: the viewer's badges (unread notifications and messages, discussions, applicants). */
export async function meCounts(
  { repo, unreadNotifications, unreadConversations }: UsersDeps,
  context: RequestContext,
): Promise<MeCounts> {
  if (!context.viewer.user) return { counts: [] };
  const user = context.viewer.user;
  const [notifications, conversations, applicants] = await Promise.all([
    unreadNotifications(user.userID, context.viewer),
    unreadConversations(user.userID),
    // Registration by approval: those who may approve see how many wait (reference: `Applicants`).
    usersPolicy.canManageApplicants(context.viewer) ? repo.countApplicants() : null,
  ]);
  return {
    counts: [
      { name: "UnreadNotifications", count: notifications },
      { name: "Conversations", count: conversations },
      { name: "Discussions", count: user.countDiscussions },
      ...(applicants === null ? [] : [{ name: "Applicants", count: applicants }]),
    ],
  };
}

/** `GET /users/{id}/permissions`: what a member may do, as their own requests read it (junctions when expanded). */
export async function permissionsOf(
  deps: UsersDeps,
  id: string,
  expandJunctions: boolean,
  context: RequestContext,
): Promise<UserPermissions> {
  // A guest's `$me` is the guest (userID 0, reference §1.1): clients load every viewer's permissions.
  const row = id === "$me" && !context.viewer.user ? null : await resolveUser(deps, id, context.viewer);
  if (row) requireAccess(context.viewer, usersPolicy.canReadPermissionsOf, row);
  const permissions =
    !row || row.userID === context.viewer.userID
      ? context.viewer.permissions
      : // Their roles and group memberships, as their own requests read them.
        (await deps.platform.sessions.viewerFor(row, "cookie", null)).permissions;
  const adminLevel = row?.isAdmin ?? 0;
  const result: UserPermissions = {
    isAdmin: permissions.isAdmin,
    isSysAdmin: adminLevel >= 2,
    isSuperAdmin: adminLevel >= 3,
    permissions: permissions.permissions,
  };
  if (expandJunctions) {
    if (permissions.junctions) result.junctions = permissions.junctions;
    if (permissions.junctionAliases) result.junctionAliases = permissions.junctionAliases;
  }
  return result;
}
