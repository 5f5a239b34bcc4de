import { userRules, type OnlineUsers, type OnlineUsersQuery, type User } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { UsersDeps } from "./users.operation.ts";
import { usersPolicy } from "./users.policy.ts";
import { presentUserFragment } from "./users.present.ts";
import type { UserRow } from "./users.repo.ts";

/*
 * Who's online (Vanilla's `online` add-on, site setting `online.enabled`): members seen by the platform's
 * presence (`platform/presence.ts`, memory or Redis) within `userRules.onlineWindowMinutes`. No request
 * writes the database: `ONLINE_FLUSH_JOB` writes the members seen since its last run to `dateLastActive`
 * in one transaction.
 */

export const ONLINE_FLUSH_JOB = "users.online.flush";
/** How often each process writes the last-seen times it holds. */
export const ONLINE_FLUSH_MS = 60_000;

export const onlineMessages = { disabled: "Who's Online is turned off." } as const;

const windowMs = userRules.onlineWindowMinutes * 60_000;

/** A member hiding their online status is seen by themself and site managers only. */
const mayShowOnline = (viewer: Viewer, row: Pick<UserRow, "userID" | "hidden">) =>
  row.hidden !== 1 || usersPolicy.isSelf(viewer, row) || usersPolicy.isSiteManager(viewer);

/** Writes the last-seen times held by this process (the flush job; tests call it). */
export async function flushLastSeen({ repo, platform }: Pick<UsersDeps, "repo" | "platform">): Promise<number> {
  const drained = platform.presence.drain();
  const seen = new Map([...drained].map(([userID, ms]) => [userID, new Date(ms).toISOString()]));
  await repo.writeLastActive(seen);
  return seen.size;
}

/** `GET /users/online`: the members online the viewer may see, the most recent first, with their total. */
export async function onlineUsers(
  { repo, platform }: Pick<UsersDeps, "repo" | "platform">,
  query: OnlineUsersQuery,
  context: RequestContext,
): Promise<OnlineUsers> {
  requireAccess(context.viewer, usersPolicy.canViewProfiles);
  if (!(await platform.siteConfig.get("online.enabled"))) throw new HttpError(403, onlineMessages.disabled);
  const seen = await platform.presence.since(platform.clock.nowMs() - windowMs);
  const rows = new Map((await repo.findByIDs(seen.map((entry) => entry.userID))).map((row) => [row.userID, row]));
  const visible = seen.flatMap(({ userID, lastSeenMs }) => {
    const row = rows.get(userID);
    if (!row || row.deleted === 1 || row.banned === 1 || !mayShowOnline(context.viewer, row)) return [];
    // The profile's last activity as presence knows it (the database catches up at the next flush).
    return [{ ...row, dateLastActive: new Date(lastSeenMs).toISOString() }];
  });
  const limit = query.limit ?? userRules.onlineMaxUsers;
  return {
    total: visible.length,
    // Those listed are the ones the viewer may see online (a hidden member only for themself and site managers).
    users: visible.slice(0, limit).map((row) => presentUserFragment(row, context.origin, { showLastActive: true })),
  };
}

/** A profile's `hidden` (its owner and site managers) and `online` (add-on on, status not hidden from the viewer). */
export async function onlineFields(
  { platform }: Pick<UsersDeps, "platform">,
  row: UserRow,
  viewer: Viewer,
): Promise<Pick<User, "hidden" | "online">> {
  const fields: Pick<User, "hidden" | "online"> = {};
  if (usersPolicy.isSelf(viewer, row) || usersPolicy.isSiteManager(viewer)) fields.hidden = row.hidden === 1;
  if (!mayShowOnline(viewer, row) || !(await platform.siteConfig.get("online.enabled"))) return fields;
  fields.online = ((await platform.presence.lastSeen(row.userID)) ?? 0) >= platform.clock.nowMs() - windowMs;
  return fields;
}
