import { profilePath, userMessages, type Me, type Signature, type User, type UserFragment } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { normalizeFormat, renderBody } from "../../platform/render/index.ts";
import { letterAvatarPath } from "../../platform/render/letter-avatar.ts";
import type { RoleRow, UserRow } from "./users.repo.ts";

export interface UserPresentContext {
  origin: string;
  /** The viewer may see e-mails (their own always). */
  canSeeEmail: boolean;
  /** The viewer holds site.manage: admin-only fields. */
  isSiteManager: boolean;
  /** The viewer may ban: a ban's reason, start, end and author. */
  canSeeBan?: boolean;
  /** The viewer may see when the member was last active although they hide their status (`usersPolicy.canSeeLastActive`). */
  canSeeLastActive?: boolean;
}

/**
 * `dateLastActive` as the viewer may see it: null for a member who hides their online status (`hidden`), but to
 * those allowed (themself, personalInfo.view).
 */
const lastActive = (row: Pick<UserRow, "dateLastActive" | "hidden">, allowed: boolean) =>
  row.hidden === 1 && !allowed ? null : date(row.dateLastActive);

/** A guest's avatar: a silhouette served with the web app. */
const defaultPhotoUrl = (origin: string) => `${origin}/images/default-avatar.svg`;

/**
 * A member's photo, absolute: an uploaded one is stored as its path (`/uploads/…`, so it follows the configured site
 * address), one from elsewhere (SSO) as given; none is the letter avatar of their name.
 */
export const photoUrlOf = (photoUrl: string | null, origin: string, name: string) =>
  photoUrl === null
    ? `${origin}${letterAvatarPath(name)}`
    : photoUrl.startsWith("/")
      ? `${origin}${photoUrl}`
      : photoUrl;

/** The photo where it shows small (lists, posts, the title bar): the 80 px thumbnail when there is one. */
const smallPhotoUrlOf = (row: Pick<UserRow, "photoUrl" | "photoThumbnail" | "name">, origin: string) =>
  photoUrlOf(row.photoUrl === null ? null : (row.photoThumbnail ?? row.photoUrl), origin, row.name);

const profileUrl = (origin: string, name: string) => `${origin}${profilePath(name)}`;

const displayName = (row: Pick<UserRow, "deleted" | "name">) =>
  row.deleted === 1 ? userMessages.deletedUserName : row.name;
/** A deleted member's old name stays out of every link (their profile is gone): their url is the site root. */
const userUrl = (row: Pick<UserRow, "deleted" | "name">, origin: string) =>
  row.deleted === 1 ? `${origin}/` : profileUrl(origin, row.name);
const date = (value: string | null) => (value === null ? null : toRfc3339(value));

/** A member's signature rendered through the one post pipeline, or null when unset (or the user is deleted). */
export function presentSignature(
  row: Pick<UserRow, "signature" | "signatureFormat" | "deleted">,
  origin: string,
): Signature | null {
  if (!row.signature || row.deleted === 1) return null;
  const format = normalizeFormat(row.signatureFormat ?? "markdown") ?? "markdown";
  return { body: renderBody(row.signature, format, { origin }), format };
}

/** What a member says about themself, rendered like a post, or null when unset (or the user is deleted). */
function presentAbout(row: Pick<UserRow, "about" | "aboutFormat" | "deleted">, origin: string): Signature | null {
  if (!row.about || row.deleted === 1) return null;
  const format = normalizeFormat(row.aboutFormat ?? "markdown") ?? "markdown";
  return { body: renderBody(row.about, format, { origin }), format };
}

/** A user as embedded in other records. Deleted users show as 'Deleted User'. */
/** The columns a fragment reads: lists load only these (a member's row also holds their signature, about…). */
export const fragmentColumns = [
  "userID",
  "name",
  "deleted",
  "photoUrl",
  "photoThumbnail",
  "dateLastActive",
  "hidden",
  "title",
  "banned",
  "private",
] as const satisfies ReadonlyArray<keyof UserRow>;

/**
 * Fragments are embedded in records shared by every viewer (and cached for guests): a member hiding their status
 * shows no `dateLastActive` in them unless the caller knows its viewer may see it (`showLastActive`).
 */
export function presentUserFragment(
  row: Pick<UserRow, (typeof fragmentColumns)[number]>,
  origin: string,
  options: { showLastActive?: boolean } = {},
): UserFragment {
  return {
    userID: row.userID,
    name: displayName(row),
    photoUrl: smallPhotoUrlOf(row, origin),
    url: userUrl(row, origin),
    dateLastActive: lastActive(row, options.showLastActive ?? false),
    title: row.title,
    banned: row.banned,
    private: row.private === 1,
  };
}

/**
 * `GET /users/{id}`: e-mail only for its owner or personalInfo.view; IPs and admin flags for site managers; the last
 * activity of a member hiding their status only for themself and personalInfo.view.
 */
export function presentUser(row: UserRow, roles: RoleRow[], context: UserPresentContext): User {
  const user: User = {
    userID: row.userID,
    name: displayName(row),
    photoUrl: photoUrlOf(row.photoUrl, context.origin, row.name),
    url: userUrl(row, context.origin),
    showEmail: row.showEmail === 1,
    emailConfirmed: row.emailConfirmed === 1,
    banned: row.banned,
    bypassSpam: row.bypassSpam === 1,
    private: row.private === 1,
    title: row.title,
    points: row.points,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countPosts: row.countDiscussions + row.countComments,
    countVisits: row.countVisits,
    dateInserted: toRfc3339(row.dateInserted),
    dateUpdated: date(row.dateUpdated),
    dateLastActive: lastActive(row, context.canSeeLastActive ?? false),
    roles: roles.map((role) => ({ roleID: role.roleID, name: role.name })),
    roleIDs: roles.map((role) => role.roleID),
    location: row.deleted === 1 ? null : row.location,
    about: presentAbout(row, context.origin),
  };
  if (context.canSeeEmail || row.showEmail === 1) user.email = row.deleted === 1 ? null : row.email;
  if (context.isSiteManager) {
    user.isAdmin = row.isAdmin >= 1;
    user.isSysAdmin = row.isAdmin >= 2;
    user.isSuperAdmin = row.isAdmin >= 3;
    user.insertIPAddress = row.insertIPAddress;
    user.lastIPAddress = row.lastIPAddress;
    if (row.dateDeleteScheduled && row.deleted === 0) user.dateDeleteScheduled = date(row.dateDeleteScheduled);
  }
  if (context.canSeeBan && row.banned === 1) {
    user.ban = {
      reason: row.banReason,
      dateBanned: date(row.dateBanned),
      dateBanExpires: date(row.dateBanExpires),
      insertUserID: row.banInsertUserID,
    };
  }
  return user;
}

/** A private profile, seen by someone other than its owner or a personalInfo.view holder. */
export function presentPrivateUser(row: UserRow, roles: RoleRow[], origin: string): User {
  return {
    ...presentUser(row, roles, { origin, canSeeEmail: false, isSiteManager: false }),
    countDiscussions: 0,
    countComments: 0,
    countPosts: 0,
    countVisits: 0,
    points: 0,
    title: null,
    dateLastActive: null,
    location: null,
    about: null,
  };
}

export interface MeContext {
  origin: string;
  permissions: string[];
  isAdmin: boolean;
  countUnreadNotifications: number;
  countUnreadConversations: number;
  /** The limits for new members that apply to them (null: none). */
  newMember: Me["newMember"];
  /** How long they may edit their own posts (their rank's window or the site's; seconds, -1 no limit). */
  editContentTimeout?: number;
}

/** `GET /users/me` for a signed-in user. */
export function presentMe(row: UserRow, roles: RoleRow[], context: MeContext): Me {
  return {
    userID: row.userID,
    name: row.name,
    photoUrl: smallPhotoUrlOf(row, context.origin),
    url: userUrl(row, context.origin),
    dateLastActive: date(row.dateLastActive),
    email: row.email,
    emailConfirmed: row.emailConfirmed === 1,
    isAdmin: context.isAdmin,
    isSysAdmin: row.isAdmin >= 2,
    isSuperAdmin: row.isAdmin >= 3,
    countUnreadNotifications: context.countUnreadNotifications,
    countUnreadConversations: context.countUnreadConversations,
    permissions: context.permissions,
    roles: roles.map((role) => ({ roleID: role.roleID, name: role.name })),
    roleIDs: roles.map((role) => role.roleID),
    newMember: context.newMember ?? null,
    ...(context.editContentTimeout !== undefined ? { editContentTimeout: context.editContentTimeout } : {}),
  };
}

/** `GET /users/me` for a guest: userID 0, name 'Guest', and spec §3's defaults. */
export function presentGuestMe(roles: RoleRow[], context: Pick<MeContext, "origin" | "permissions">): Me {
  return {
    userID: 0,
    name: userMessages.guestName,
    photoUrl: defaultPhotoUrl(context.origin),
    url: null,
    dateLastActive: null,
    email: null,
    emailConfirmed: false,
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    countUnreadNotifications: 0,
    countUnreadConversations: 0,
    permissions: context.permissions,
    roles: roles.map((role) => ({ roleID: role.roleID, name: role.name })),
    roleIDs: roles.map((role) => role.roleID),
  };
}
