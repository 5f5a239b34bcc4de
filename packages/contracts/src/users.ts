import { Type, type Static } from "typebox";
import { DateTime, Expand, ID_DIGITS, IdFilter, Nullable } from "./common.ts";
import { Limit, Page, PageOrFirst } from "./pagination.ts";
import { UserProfileFields } from "./profile-fields.ts";
import { UserRank } from "./ranks.ts";

import { userMessages, userRules } from "./user-rules.ts";
export { userMessages, userRules };

export const RoleFragment = Type.Object({ roleID: Type.Integer(), name: Type.String() });

/** A member's signature: `body` is rendered, sanitised HTML; `format` the format its source is in. */
export const Signature = Type.Object({ body: Type.String(), format: Type.String() });
export type Signature = Static<typeof Signature>;

/** A user as embedded in other records (insertUser, lastUser…). */
export const UserFragment = Type.Object(
  {
    userID: Type.Integer(),
    name: Type.String(),
    photoUrl: Type.String(),
    url: Type.String(),
    dateLastActive: Nullable(DateTime),
    title: Type.Optional(Nullable(Type.String())),
    banned: Type.Optional(Type.Integer()),
    private: Type.Optional(Type.Boolean()),
    /** `expand=insertUser.signature` on discussions and comments; null when unset or signatures are off. */
    signature: Type.Optional(Nullable(Signature)),
    /** The ranks add-on: the member's rank, whose `userTitle` is shown beside their name (absent: none, or off). */
    rank: Type.Optional(UserRank),
  },
  { $id: "UserFragment" },
);
export type UserFragment = Static<typeof UserFragment>;

/** A ban as moderators see it on the user (`ban`, present while banned). */
export const BanDetails = Type.Object({
  reason: Nullable(Type.String()),
  dateBanned: Nullable(DateTime),
  dateBanExpires: Nullable(DateTime),
  insertUserID: Nullable(Type.Integer()),
});
export type BanDetails = Static<typeof BanDetails>;

/** `GET /users/{id}` (reference §2.1). `email` only for its owner and holders of personalInfo.view. */
export const User = Type.Object(
  {
    userID: Type.Integer(),
    name: Type.String(),
    photoUrl: Type.String(),
    url: Type.String(),
    email: Type.Optional(Nullable(Type.String())),
    showEmail: Type.Boolean(),
    emailConfirmed: Type.Boolean(),
    banned: Type.Integer(),
    bypassSpam: Type.Boolean(),
    private: Type.Boolean(),
    /** Vanilla's "Is this user hiding their online status?": left out of who's online but for site managers. */
    hidden: Type.Optional(Type.Boolean()),
    /** Who's online (add-on `online`): seen in the last minutes; absent when the add-on is off or the status hidden. */
    online: Type.Optional(Type.Boolean()),
    title: Nullable(Type.String()),
    points: Type.Integer(),
    /** The ranks add-on (absent while it is off): the member's rank, null for none. */
    rankID: Type.Optional(Nullable(Type.Integer())),
    /** `expand=rank` (the ranks add-on): the rank's fragment, null for none. */
    rank: Type.Optional(Nullable(UserRank)),
    countDiscussions: Type.Integer(),
    countComments: Type.Integer(),
    countPosts: Type.Integer(),
    countVisits: Type.Integer(),
    dateInserted: DateTime,
    dateUpdated: Nullable(DateTime),
    dateLastActive: Nullable(DateTime),
    roles: Type.Array(RoleFragment),
    roleIDs: Type.Array(Type.Integer()),
    isAdmin: Type.Optional(Type.Boolean()),
    isSysAdmin: Type.Optional(Type.Boolean()),
    isSuperAdmin: Type.Optional(Type.Boolean()),
    insertIPAddress: Type.Optional(Nullable(Type.String())),
    lastIPAddress: Type.Optional(Nullable(Type.String())),
    ban: Type.Optional(BanDetails),
    /** The member deleted their own account with a grace period: when it goes (the member and site managers see it). */
    dateDeleteScheduled: Type.Optional(Nullable(DateTime)),
    /** Parley: two-factor sign-in is on; for the member themself and site managers only (`GET /users/{id}`). */
    twoFactorEnabled: Type.Optional(Type.Boolean()),
    /** `expand=signature`; null when unset or signatures are off. */
    signature: Type.Optional(Nullable(Signature)),
    /** Where the member says they are (their profile); null when unset. Left out of a private profile. */
    location: Type.Optional(Nullable(Type.String())),
    /** What the member says about themself, rendered like a post; null when unset. Left out of a private profile. */
    about: Type.Optional(Nullable(Signature)),
    /** `expand=profileFields`: the custom profile fields the viewer may see, apiName → value. */
    profileFields: Type.Optional(UserProfileFields),
    reactionsReceived: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object({
          tagID: Type.Integer(),
          urlcode: Type.String(),
          name: Type.String(),
          class: Type.String(),
          count: Type.Integer(),
        }),
      ),
    ),
  },
  { $id: "User" },
);
export type User = Static<typeof User>;

/** `GET /users/me`: the session's user, or the Guest record (userID 0) with spec §3's defaults. */
export const Me = Type.Object(
  {
    userID: Type.Integer(),
    name: Type.String(),
    photoUrl: Type.String(),
    url: Nullable(Type.String()),
    dateLastActive: Nullable(DateTime),
    email: Nullable(Type.String()),
    emailConfirmed: Type.Boolean(),
    isAdmin: Type.Boolean(),
    isSysAdmin: Type.Boolean(),
    isSuperAdmin: Type.Boolean(),
    countUnreadNotifications: Type.Integer(),
    countUnreadConversations: Type.Integer(),
    permissions: Type.Array(Type.String()),
    roles: Type.Array(RoleFragment),
    roleIDs: Type.Array(Type.Integer()),
    /**
     * The limits a new member posts under until trusted (Parley; new-members-constants.ts); null when none
     * apply (trusted, a moderator, a guest). Absent from servers that do not send it.
     */
    newMember: Type.Optional(
      Nullable(
        Type.Object({
          postsPerDay: Type.Integer(),
          maxLinks: Type.Integer(),
          maxImages: Type.Integer(),
          canMessage: Type.Boolean(),
          trustPosts: Type.Integer(),
          trustDays: Type.Integer(),
        }),
      ),
    ),
    /**
     * How long (seconds, -1 no limit) the viewer may edit their own posts: their rank's edit window (the ranks
     * add-on's ability) or the site's `ui.editContentTimeout` (Parley). Absent for guests.
     */
    editContentTimeout: Type.Optional(Type.Integer({ minimum: -1 })),
  },
  { $id: "Me" },
);
export type Me = Static<typeof Me>;

export const MeCounts = Type.Object({
  counts: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
});
export type MeCounts = Static<typeof MeCounts>;

export const UserIdParams = Type.Object({
  id: Type.String({
    pattern: `^(${ID_DIGITS}|\\$me|\\$name:.+|\\$email:.+)$`,
    description: "A user id, or a smart id: `$me`, `$name:<name>`, `$email:<email>`.",
  }),
});

export const UserGetQuery = Type.Object({ expand: Type.Optional(Expand) });

export const UserListQuery = Type.Object({
  userID: Type.Optional(IdFilter("Members of these ids.")),
  roleID: Type.Optional(Type.Integer()),
  rankIDs: Type.Optional(
    Type.Array(Type.Integer(), { description: "Members of one of these ranks (the ranks add-on)." }),
  ),
  name: Type.Optional(Type.String({ description: "Exact name, or a prefix ending with `*`." })),
  email: Type.Optional(Type.String()),
  isBanned: Type.Optional(Type.Boolean()),
  query: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        "Members whose name starts with it (any case); with personalInfo.view, also those whose e-mail starts with it.",
    }),
  ),
  sort: Type.Optional(
    Type.Union([
      Type.Literal("countPosts"),
      Type.Literal("-countPosts"),
      Type.Literal("dateInserted"),
      Type.Literal("-dateInserted"),
      Type.Literal("dateLastActive"),
      Type.Literal("-dateLastActive"),
      Type.Literal("name"),
      Type.Literal("-name"),
      Type.Literal("userID"),
      Type.Literal("-userID"),
    ]),
  ),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(500, 30)),
  expand: Type.Optional(Expand),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const ByNamesQuery = Type.Object({
  name: Type.String({ description: "A name, or a prefix ending with `*`." }),
  order: Type.Optional(
    Type.String({ description: "Accepted for Vanilla clients (`mention`); results are always ranked." }),
  ),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(500, 100)),
});
export type ByNamesQuery = Static<typeof ByNamesQuery>;

export const RegisterBody = Type.Object({
  name: Type.String(),
  email: Type.String(),
  password: Type.String(),
  discoveryText: Type.Optional(Type.String({ maxLength: 1000 })),
  captchaResponse: Type.Optional(
    Type.String({
      maxLength: 10_000,
      description: "The bot check's answer (registration method captcha, when the site has a bot check).",
    }),
  ),
  invitationCode: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "Parley: the code of the invitation link (registration method invitation); for that address only.",
    }),
  ),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResult = Type.Object({
  userID: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  pendingApproval: Type.Optional(
    Type.Boolean({ description: "Registration by approval: the account waits for an administrator's approval." }),
  ),
});

/**
 * Someone who registered while registration needed approval (`registration.method` approval): an account with
 * the applicant role, which cannot sign in until a holder of `applicants.manage` approves it (it then gets
 * the member role) or declines it (the account is deleted). Parley's own endpoints: Vanilla approves
 * applicants on a dashboard page, not through /api/v2.
 */
export const Applicant = Type.Object({
  userID: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  discoveryText: Type.String({ description: "Why they want to join, as they wrote it (plain text)." }),
  dateInserted: Type.String({ format: "date-time" }),
  insertIPAddress: Type.Union([Type.String(), Type.Null()]),
});
export type Applicant = Static<typeof Applicant>;

export const ApplicantListQuery = Type.Object({
  page: Type.Optional(PageOrFirst),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export type ApplicantListQuery = Static<typeof ApplicantListQuery>;

export const UserPost = Type.Object({
  name: Type.String(),
  email: Type.String(),
  password: Type.String(),
  emailConfirmed: Type.Optional(Type.Boolean({ default: true })),
  bypassSpam: Type.Optional(Type.Boolean()),
  showEmail: Type.Optional(Type.Boolean()),
  private: Type.Optional(Type.Boolean()),
  roleID: Type.Optional(Type.Array(Type.Integer())),
});
export type UserPost = Static<typeof UserPost>;

export const UserPatch = Type.Object({
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  emailConfirmed: Type.Optional(Type.Boolean()),
  showEmail: Type.Optional(Type.Boolean()),
  bypassSpam: Type.Optional(Type.Boolean()),
  password: Type.Optional(Type.String()),
  passwordConfirmation: Type.Optional(Type.String({ description: "The current password, when changing your own." })),
  private: Type.Optional(Type.Boolean()),
  /** Hide one's online status from who's online (the member themself, or a site manager). */
  hidden: Type.Optional(Type.Boolean()),
  title: Type.Optional(Nullable(Type.String({ maxLength: userRules.titleMaxLength }))),
  /** Where the member is ("" or null clears it). */
  location: Type.Optional(Nullable(Type.String({ maxLength: userRules.locationMaxLength }))),
  /** What the member says about themself, in `aboutFormat` ("" or null clears it). */
  about: Type.Optional(Nullable(Type.String({ maxLength: userRules.aboutMaxLength }))),
  /** One of the input formats; markdown when left out. */
  aboutFormat: Type.Optional(Type.String()),
  roleID: Type.Optional(Type.Array(Type.Integer())),
  banned: Type.Optional(Type.Boolean()),
  /** The member's signature source ("" or null clears it). */
  signature: Type.Optional(Nullable(Type.String({ maxLength: userRules.signatureMaxLength }))),
  /** One of the input formats; markdown when left out. */
  signatureFormat: Type.Optional(Type.String()),
});
export type UserPatch = Static<typeof UserPatch>;

/** `GET /users/online` (Parley's; add-on `online`): members seen lately, the most recent first. */
export const OnlineUsersQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: userRules.onlineMaxUsers, default: userRules.onlineMaxUsers }),
  ),
});
export type OnlineUsersQuery = Static<typeof OnlineUsersQuery>;

export const OnlineUsers = Type.Object({
  /** Members online that the viewer may see, all of them. */
  total: Type.Integer(),
  users: Type.Array(UserFragment),
});
export type OnlineUsers = Static<typeof OnlineUsers>;

export const UserDeleteBody = Type.Object({
  deleteMethod: Type.Optional(
    Type.Union([Type.Literal("keep"), Type.Literal("wipe"), Type.Literal("delete")], { default: "delete" }),
  ),
});

/** `PUT /users/{id}/ban`: Vanilla's `banned`, and Parley's reason and end for a ban. */
export const BanBody = Type.Object({
  banned: Type.Boolean(),
  reason: Type.Optional(
    Nullable(Type.String({ maxLength: userRules.banReasonMaxLength, description: "Why (moderators read it)." })),
  ),
  dateBanExpires: Type.Optional(Nullable(DateTime)),
});
export type BanBody = Static<typeof BanBody>;

export const RequestPasswordBody = Type.Object({ email: Type.String() });

/** The members a bulk action acts on: at least one, at most `userRules.bulkMaxUsers` (repeats count once). */
const BulkUserIDs = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: userRules.bulkMaxUsers,
  description: `The members, at most ${userRules.bulkMaxUsers}.`,
});

/**
 * `PATCH /users/bulk-role-assignment` (Vanilla's BulkRoleAssignment): each member gains `addRoleIDs` and loses
 * `removeRoleIDs`; at least one of the two is not empty. Vanilla's `addReplacementRoleID` is not taken.
 */
export const BulkRoleAssignment = Type.Object({
  userIDs: BulkUserIDs,
  addRoleIDs: Type.Optional(Type.Array(Type.Integer(), { maxItems: 100 })),
  removeRoleIDs: Type.Optional(Type.Array(Type.Integer(), { maxItems: 100 })),
});
export type BulkRoleAssignment = Static<typeof BulkRoleAssignment>;

/** `PATCH /users/bulk-ban` (Parley's): `PUT /users/{id}/ban`'s body for several members at once. */
export const BulkBanBody = Type.Object({
  userIDs: BulkUserIDs,
  banned: Type.Boolean(),
  reason: BanBody.properties.reason,
  dateBanExpires: BanBody.properties.dateBanExpires,
});
export type BulkBanBody = Static<typeof BulkBanBody>;

/** `POST /users/bulk-delete` (Parley's): `DELETE /users/{id}`'s choice for several members at once. */
export const BulkDeleteBody = Type.Object({
  userIDs: BulkUserIDs,
  deleteMethod: UserDeleteBody.properties.deleteMethod,
});
export type BulkDeleteBody = Static<typeof BulkDeleteBody>;

export const AuthenticatePasswordBody = Type.Object({
  username: Type.String({ minLength: 1, description: "The user's name or e-mail." }),
  password: Type.String({ minLength: 1 }),
  persist: Type.Optional(Type.Boolean({ default: false })),
});
export type AuthenticatePasswordBody = Static<typeof AuthenticatePasswordBody>;

export const AuthenticateResult = Type.Object({
  userID: Type.Integer(),
  user: Type.Ref("Me"),
  transientKey: Type.String(),
});

/**
 * `DELETE /authenticate` when the member signed in with an OpenID Connect provider that signs out too (Parley's):
 * 200 with the provider's end-session address, where the browser goes next; a sign-out that stays here is 204.
 */
export const SignOutResult = Type.Object({
  signOutUrl: Type.String({ description: "The provider's end-session address; it sends the browser back here." }),
});
export type SignOutResult = Static<typeof SignOutResult>;

export const ConfirmEmailBody = Type.Object({ token: Type.String({ minLength: 1 }) });
export const ResetPasswordBody = Type.Object({ token: Type.String({ minLength: 1 }), password: Type.String() });

/**
 * `GET /users/{id}/edit` (Vanilla's): what the member's profile form edits, as sources (oneself, or users.edit).
 * `canEditName`: the viewer may rename this member (users.edit, or profile.editusernames for their own name).
 */
export const UserEdit = Type.Object({
  userID: Type.Integer(),
  name: Type.String(),
  /** Empty when the viewer may not see it (neither the member nor personalInfo.view). */
  email: Type.String(),
  emailConfirmed: Type.Boolean(),
  bypassSpam: Type.Boolean(),
  /** The photo as stored (null: the default one); `photoUrl` is the address to show. */
  photo: Nullable(Type.String()),
  photoUrl: Type.String(),
  /** The member has a photo of their own (not the default silhouette). */
  hasPhoto: Type.Boolean(),
  title: Nullable(Type.String()),
  location: Nullable(Type.String()),
  about: Nullable(Type.String()),
  aboutFormat: Type.String(),
  /** The signature's source and format: absent while the signatures add-on is off. */
  signature: Type.Optional(Nullable(Type.String())),
  signatureFormat: Type.Optional(Type.String()),
  canEditName: Type.Boolean(),
});
export type UserEdit = Static<typeof UserEdit>;

/** `POST /users/{id}/photo`: the new photo's address. */
export const UserPhoto = Type.Object({ photoUrl: Type.String() });
export type UserPhoto = Static<typeof UserPhoto>;

export const sharedUserSchemas = [UserFragment, User, Me];
