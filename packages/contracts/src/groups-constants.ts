/** Groups' values, limits, messages and addresses. Free of TypeBox, so the browser bundle can import it. */

/**
 * Who sees a group and its posts (Vanilla's Groups add-on):
 * - `public`: anyone who may view the site's discussions sees the group and reads its posts; members post.
 * - `private`: the group is listed and its description shown, but only members read and write its posts;
 *   others apply to join, and a leader approves or denies.
 * - `secret`: only members (and invited users) know the group exists; one joins by invitation only.
 * `groups.moderate` sees and manages every group.
 */
export const groupPrivacies = ["public", "private", "secret"] as const;
export type GroupPrivacy = (typeof groupPrivacies)[number];

/** A member's role: leaders edit the group and manage its members, applicants and invitations. */
export const groupMemberRoles = ["member", "leader"] as const;
export type GroupMemberRole = (typeof groupMemberRoles)[number];

export const groupApplicationStatuses = ["pending", "approved", "denied"] as const;
export type GroupApplicationStatus = (typeof groupApplicationStatuses)[number];

/** `GET /groups` sorts: name, newest, most members, latest activity. */
export const groupSorts = ["name", "-dateInserted", "-countMembers", "-dateLastComment"] as const;
export type GroupSort = (typeof groupSorts)[number];

export const groupRules = {
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  reasonMaxLength: 500,
  maxLimit: 100,
  defaultLimit: 30,
  membersDefaultLimit: 30,
  /** Users (ids and e-mail addresses together) one invitation request may name. */
  maxInvitees: 50,
} as const;

/** User-visible messages of the groups API and pages. */
export const groupMessages = {
  notFound: "Group not found.",
  nameTaken: "A group with this name already exists.",
  alreadyMember: "You are already a member of this group.",
  notMember: "You are not a member of this group.",
  privateApply: "This group is private. Apply to join it, and a leader will review your application.",
  secretInviteOnly: "This group can only be joined by invitation.",
  applicationPending: "Your application to join this group is waiting for a leader's review.",
  lastLeader: "A group needs at least one leader. Make another member a leader before you leave.",
  membersOnly: "Only members of this group can post in it.",
} as const;

/** Addresses of the groups' pages (Vanilla's Groups add-on). */
export const groupPaths = {
  list: "/groups",
  group: (groupID: number, slug: string) => `/group/${groupID}-${slug}`,
  members: (groupID: number, slug: string) => `/group/${groupID}-${slug}/members`,
  add: "/group/add",
  edit: (groupID: number) => `/group/${groupID}/edit`,
  /** The create-post page with a group as the parent (spec §2: /post/{postType}/social-groups?groupid=). */
  newDiscussion: (groupID: number) => `/post/discussion/social-groups?groupid=${groupID}`,
} as const;
