import {
  groupPaths,
  type Group,
  type GroupApplicant,
  type GroupApplicationStatus,
  type GroupInvitation,
  type GroupMember,
  type GroupMemberRole,
  type GroupPrivacy,
  type UserFragment,
} from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { slugify } from "../discussions/index.ts";
import { unknownUser } from "../users/index.ts";
import type { GroupApplicantRow, GroupInvitationRow, GroupMemberRow } from "./group-members.repo.ts";
import { groupsPolicy } from "./groups.policy.ts";
import type { GroupRow, ViewerStanding } from "./groups.repo.ts";

const optionalDate = (value: string | null) => (value === null ? null : toRfc3339(value));

export const groupSlug = (row: Pick<GroupRow, "name">) => slugify(row.name) || "group";
const groupUrl = (origin: string, row: Pick<GroupRow, "groupID" | "name">) =>
  `${origin}${groupPaths.group(row.groupID, groupSlug(row))}`;

export interface GroupPresentContext {
  origin: string;
  viewer: Viewer;
  standing: ViewerStanding;
  insertUser?: UserFragment | undefined;
}

/** A group row → the API record, with the viewer's standing and what they may do. */
export function presentGroup(row: GroupRow, context: GroupPresentContext): Group {
  const { standing } = context;
  const group: Group = {
    groupID: row.groupID,
    name: row.name,
    description: row.description,
    privacy: row.privacy as GroupPrivacy,
    slug: groupSlug(row),
    url: groupUrl(context.origin, row),
    categoryID: row.categoryID,
    iconUrl: row.iconUrl,
    bannerUrl: row.bannerUrl,
    countMembers: row.countMembers,
    countDiscussions: Number(row.countDiscussions),
    countComments: Number(row.countComments),
    dateLastComment: optionalDate(row.dateLastComment),
    insertUserID: row.insertUserID,
    dateInserted: toRfc3339(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: optionalDate(row.dateUpdated),
    viewer: {
      role: standing.role as GroupMemberRole | null,
      dateJoined: optionalDate(standing.dateJoined),
      application: standing.application as GroupApplicationStatus | null,
      invited: standing.invited,
    },
    permissions: groupsPolicy.recordPermissions(context.viewer, row, standing),
  };
  if (context.insertUser) group.insertUser = context.insertUser;
  return group;
}

const userOf = (users: Map<number, UserFragment>, userID: number, origin: string) =>
  users.get(userID) ?? unknownUser(origin);

export const presentMember = (row: GroupMemberRow, users: Map<number, UserFragment>, origin: string): GroupMember => ({
  groupID: row.groupID,
  userID: row.userID,
  role: row.role as GroupMemberRole,
  dateInserted: toRfc3339(row.dateInserted),
  user: userOf(users, row.userID, origin),
});

export const presentApplicant = (
  row: GroupApplicantRow,
  users: Map<number, UserFragment>,
  origin: string,
): GroupApplicant => ({
  groupID: row.groupID,
  userID: row.userID,
  reason: row.reason,
  status: row.status as GroupApplicationStatus,
  dateInserted: toRfc3339(row.dateInserted),
  user: userOf(users, row.userID, origin),
});

export const presentInvitation = (
  row: GroupInvitationRow,
  users: Map<number, UserFragment>,
  origin: string,
): GroupInvitation => ({
  groupID: row.groupID,
  userID: row.userID,
  insertUserID: row.insertUserID,
  dateInserted: toRfc3339(row.dateInserted),
  user: userOf(users, row.userID, origin),
});
