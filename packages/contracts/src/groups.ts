import { Type, type Static } from "typebox";
import { DateTime, Expand, ImageAddress, Nullable } from "./common.ts";
import { RecordPermissions } from "./discussions.ts";
import {
  groupApplicationStatuses,
  groupMemberRoles,
  groupPrivacies,
  groupRules,
  groupSorts,
} from "./groups-constants.ts";
import { Limit, Page } from "./pagination.ts";
import type { UserFragment } from "./users.ts";

export * from "./groups-constants.ts";

/*
 * Groups (Vanilla's Groups add-on, API v2): communities inside the community, each with members and
 * leaders and its own discussions. Creating a group needs `groups.add`; a group's leaders edit it and
 * manage its members; `groups.moderate` may do anything to any group. Who sees a group and its posts is
 * its `privacy` (groups-constants.ts). A group's discussions live in a category of its own
 * (`categoryID`), so every check of `discussions.view` on them answers for the group.
 */

/** The viewer's standing in a group (null fields: none). */
export const GroupViewerStatus = Type.Object({
  role: Nullable(Type.Enum(groupMemberRoles)),
  dateJoined: Nullable(DateTime),
  application: Nullable(Type.Enum(groupApplicationStatuses)),
  invited: Type.Boolean({ description: "An invitation waits for the viewer's answer." }),
});
export type GroupViewerStatus = Static<typeof GroupViewerStatus>;

export const Group = Type.Object(
  {
    groupID: Type.Integer(),
    name: Type.String(),
    description: Type.String({ description: "Plain text." }),
    privacy: Type.Enum(groupPrivacies),
    slug: Type.String(),
    url: Type.String({ description: "Absolute URL of the group's page." }),
    categoryID: Type.Integer({ description: "The category that holds the group's discussions." }),
    iconUrl: Nullable(Type.String()),
    bannerUrl: Nullable(Type.String()),
    countMembers: Type.Integer(),
    countDiscussions: Type.Integer(),
    countComments: Type.Integer(),
    dateLastComment: Nullable(DateTime),
    insertUserID: Type.Integer(),
    dateInserted: DateTime,
    updateUserID: Nullable(Type.Integer()),
    dateUpdated: Nullable(DateTime),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    viewer: GroupViewerStatus,
    /** view, post, join, apply, leave, edit, delete, manageMembers, invite. */
    permissions: RecordPermissions,
  },
  { $id: "Group" },
);
/** `Static` cannot follow the user `$ref`. */
export type Group = Omit<Static<typeof Group>, "insertUser"> & { insertUser?: UserFragment };

export const GroupListQuery = Type.Object({
  privacy: Type.Optional(Type.Enum(groupPrivacies)),
  memberID: Type.Optional(
    Type.Integer({ description: "Groups this user is a member of (their own, or any for groups.moderate)." }),
  ),
  insertUserID: Type.Optional(Type.Integer()),
  name: Type.Optional(Type.String({ description: "Groups whose name contains this." })),
  sort: Type.Optional(Type.Enum(groupSorts)),
  expand: Type.Optional(Expand),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(groupRules.maxLimit, groupRules.defaultLimit)),
});
export type GroupListQuery = Static<typeof GroupListQuery>;

export const GroupPost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: groupRules.nameMaxLength }),
  description: Type.String({ maxLength: groupRules.descriptionMaxLength }),
  privacy: Type.Enum(groupPrivacies),
  iconUrl: Type.Optional(Nullable(ImageAddress)),
  bannerUrl: Type.Optional(Nullable(ImageAddress)),
});
export type GroupPost = Static<typeof GroupPost>;

export const GroupPatch = Type.Partial(GroupPost);
export type GroupPatch = Static<typeof GroupPatch>;

export const GroupMember = Type.Object(
  {
    groupID: Type.Integer(),
    userID: Type.Integer(),
    role: Type.Enum(groupMemberRoles),
    dateInserted: DateTime,
    user: Type.Ref("UserFragment"),
  },
  { $id: "GroupMember" },
);
export type GroupMember = Omit<Static<typeof GroupMember>, "user"> & { user: UserFragment };

export const GroupMemberListQuery = Type.Object({
  role: Type.Optional(Type.Enum(groupMemberRoles)),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(groupRules.maxLimit, groupRules.membersDefaultLimit)),
});
export type GroupMemberListQuery = Static<typeof GroupMemberListQuery>;

/** `POST /groups/{id}/members`: a leader adds a user at once. */
export const GroupMemberPost = Type.Object({
  userID: Type.Integer(),
  role: Type.Optional(Type.Enum(groupMemberRoles)),
});
export const GroupMemberPatch = Type.Object({ role: Type.Enum(groupMemberRoles) });

/** `POST /groups/{id}/apply`: ask to join a private group. */
export const GroupApply = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: groupRules.reasonMaxLength })),
});
export type GroupApply = Static<typeof GroupApply>;

export const GroupApplicant = Type.Object(
  {
    groupID: Type.Integer(),
    userID: Type.Integer(),
    reason: Type.String(),
    status: Type.Enum(groupApplicationStatuses),
    dateInserted: DateTime,
    user: Type.Ref("UserFragment"),
  },
  { $id: "GroupApplicant" },
);
export type GroupApplicant = Omit<Static<typeof GroupApplicant>, "user"> & { user: UserFragment };

export const GroupApplicantListQuery = Type.Object({
  status: Type.Optional(Type.Enum(groupApplicationStatuses)),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(groupRules.maxLimit, groupRules.membersDefaultLimit)),
});

/** `PATCH /groups/{id}/applicants/{userID}`: a leader approves (the user joins) or denies. */
export const GroupApplicantPatch = Type.Object({
  status: Type.Union([Type.Literal("approved"), Type.Literal("denied")]),
});

/** `POST /groups/{id}/invitations` (spec §2): invite members by id or by e-mail address. */
export const GroupInvitationPost = Type.Object({
  userIDs: Type.Optional(Type.Array(Type.Integer(), { maxItems: groupRules.maxInvitees })),
  emails: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: groupRules.maxInvitees })),
});
export type GroupInvitationPost = Static<typeof GroupInvitationPost>;

export const GroupInvitation = Type.Object(
  {
    groupID: Type.Integer(),
    userID: Type.Integer(),
    insertUserID: Type.Integer(),
    dateInserted: DateTime,
    user: Type.Ref("UserFragment"),
  },
  { $id: "GroupInvitation" },
);
export type GroupInvitation = Omit<Static<typeof GroupInvitation>, "user"> & { user: UserFragment };

/** Schemas referenced by `$ref` that the server registers once. */
export const sharedGroupSchemas = [Group, GroupMember, GroupApplicant, GroupInvitation];
