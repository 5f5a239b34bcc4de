import { limits, type ByNamesQuery, type User, type UserFragment, type UserListQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { conflict, HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UsersDeps } from "./users.operation.ts";
import { onlineFields } from "./users.online.ts";
import { usersPolicy } from "./users.policy.ts";
import { presentPrivateUser, presentSignature, presentUser, presentUserFragment } from "./users.present.ts";
import type { UserRow, UserSort } from "./users.repo.ts";
import { createTwoFactorRepo } from "./two-factor.repo.ts";
import { rankFragments } from "./users.ranks.ts";

const DAY = 86_400_000;

/*
 * Reading members: resolving a smart id, presenting a user as the viewer may see them, and the reads of
 * one user and of many (`get`, `list`, `byNames`).
 */

/** The user record, full or private as the viewer may see it, with its roles. */
export async function presentUserRecord(
  deps: Pick<UsersDeps, "repo" | "platform">,
  row: UserRow,
  context: RequestContext,
): Promise<User> {
  const roles = (await deps.repo.rolesOf([row.userID])).get(row.userID) ?? [];
  const online = await onlineFields(deps, row, context.viewer);
  if (!usersPolicy.canSeeFullProfile(context.viewer, row)) {
    return { ...presentPrivateUser(row, roles, context.origin), ...online };
  }
  const user = presentUser(row, roles, {
    origin: context.origin,
    canSeeEmail: usersPolicy.canSeeEmail(context.viewer, row),
    isSiteManager: usersPolicy.isSiteManager(context.viewer),
    canSeeBan: usersPolicy.canBan(context.viewer),
    canSeeLastActive: usersPolicy.canSeeLastActive(context.viewer, row),
  });
  // Whether two-factor is on: the member's own business and the site managers'.
  if (usersPolicy.isSelf(context.viewer, row) || usersPolicy.isSiteManager(context.viewer))
    user.twoFactorEnabled = (await createTwoFactorRepo(deps.platform.db).enabledAmong([row.userID])).has(row.userID);
  return { ...user, ...online };
}

/** `12`, `$me`, `$name:alice`, `$email:a@b.c` → the user row (reference §1.1 smart ids). */
export async function resolveUser({ repo }: Pick<UsersDeps, "repo">, id: string, viewer: Viewer): Promise<UserRow> {
  let row: UserRow | undefined;
  if (/^\d+$/.test(id)) row = await repo.findById(Number(id));
  else if (id === "$me") {
    if (viewer.userID === 0) throw notFound("User");
    row = await repo.findById(viewer.userID);
  } else if (id.startsWith("$name:")) {
    row = await repo.findByName(id.slice(6));
    if (!row) throw new HttpError(404, "Smart ID not found.");
  } else if (id.startsWith("$email:")) {
    requireAccess(viewer, usersPolicy.canSeePersonalInfo);
    const rows = await repo.findAllByEmail(id.slice(7));
    if (rows.length > 1) throw conflict("More than one record matches the smart ID.");
    row = rows[0];
    if (!row) throw new HttpError(404, "Smart ID not found.");
  }
  if (!row) throw notFound("User");
  return row;
}

/** `GET /users/{id}`, with `reactionsReceived`, `profileFields` and `signature` when expanded. */
export async function getUser(
  deps: UsersDeps,
  id: string,
  context: RequestContext,
  expand: string[] = [],
): Promise<User> {
  requireAccess(context.viewer, usersPolicy.canViewProfiles);
  const row = await resolveUser(deps, id, context.viewer);
  const user = await presentUserRecord(deps, row, context);
  const wants = (name: string) => expand.includes(name) || expand.includes("all") || expand.includes("true");
  if (wants("reactionsReceived") && usersPolicy.canSeeFullProfile(context.viewer, row)) {
    user.reactionsReceived = await deps.reactionsReceived(row.userID);
  }
  if (await deps.platform.siteConfig.get("ranks.enabled")) {
    user.rankID = row.rankID;
    if (wants("rank"))
      user.rank =
        row.rankID === null ? null : ((await rankFragments(deps.platform.db, [row.rankID])).get(row.rankID) ?? null);
  }
  if (wants("profileFields")) user.profileFields = await deps.profileFields(row.userID, row, context.viewer);
  if (wants("signature")) {
    const enabled = await deps.platform.siteConfig.get("signatures.enabled");
    user.signature = enabled ? presentSignature(row, context.origin) : null;
  }
  return user;
}

/** `GET /users`: filtered and sorted, each user full or private as the viewer may see them. */
export async function listUsers({ repo, platform }: UsersDeps, query: UserListQuery, context: RequestContext) {
  requireAccess(context.viewer, usersPolicy.canViewProfiles);
  if (query.email !== undefined) requireAccess(context.viewer, usersPolicy.canSeePersonalInfo);
  const page = query.page ?? 1;
  const limit = query.limit ?? limits.api.defaultLimit;
  const sortParam = query.sort ?? "userID";
  const sort = { column: sortParam.replace(/^-/, "") as UserSort, desc: sortParam.startsWith("-") };
  const filters = {
    ...(query.userID ? { userIDs: query.userID } : {}),
    ...(query.roleID !== undefined ? { roleID: query.roleID } : {}),
    // While the ranks add-on is off no one shows a rank, so none is of the ranks asked for.
    ...(query.rankIDs ? { rankIDs: (await platform.siteConfig.get("ranks.enabled")) ? query.rankIDs : [] } : {}),
    ...(query.name !== undefined
      ? { name: { value: query.name.replace(/\*$/, ""), prefix: query.name.endsWith("*") } }
      : {}),
    ...(query.email !== undefined ? { email: query.email } : {}),
    ...(query.query?.trim()
      ? { query: { value: query.query.trim(), emails: usersPolicy.canSeePersonalInfo(context.viewer) } }
      : {}),
    ...(query.isBanned !== undefined ? { banned: query.isBanned } : {}),
  };
  const [rows, total] = await Promise.all([repo.list(filters, sort, (page - 1) * limit, limit), repo.count(filters)]);
  const roles = await repo.rolesOf(rows.map((row) => row.userID));
  const items = rows.map((row) =>
    usersPolicy.canSeeFullProfile(context.viewer, row)
      ? presentUser(row, roles.get(row.userID) ?? [], {
          origin: context.origin,
          canSeeEmail: usersPolicy.canSeeEmail(context.viewer, row),
          isSiteManager: usersPolicy.isSiteManager(context.viewer),
          canSeeBan: usersPolicy.canBan(context.viewer),
          canSeeLastActive: usersPolicy.canSeeLastActive(context.viewer, row),
        })
      : presentPrivateUser(row, roles.get(row.userID) ?? [], context.origin),
  );
  return { items, page, limit, total };
}

/** `GET /users/by-names`: the member of that name, or with `name*` those whose name starts with it (ranked). */
export async function usersByNames(
  { repo, platform }: UsersDeps,
  query: ByNamesQuery,
  context: RequestContext,
): Promise<{ items: UserFragment[]; page: number; limit: number }> {
  requireAccess(context.viewer, usersPolicy.canViewProfiles);
  const page = query.page ?? 1;
  const limit = query.limit ?? 100;
  const text = query.name.replace(/\*$/, "");
  if (text === "") return { items: [], page, limit };
  const activeSince = new Date(platform.clock.nowMs() - limits.mentions.activeWithinDays * DAY).toISOString();
  const rows = query.name.endsWith("*")
    ? await repo.rankedByName(text, activeSince, (page - 1) * limit, limit)
    : [await repo.findByName(text)].filter((row): row is UserRow => row !== undefined && row.deleted === 0);
  const items = rows.map((row) =>
    presentUserFragment(row, context.origin, {
      showLastActive: usersPolicy.canSeeLastActive(context.viewer, row),
    }),
  );
  return { items, page, limit };
}
