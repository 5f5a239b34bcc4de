import { Type, type Static } from "typebox";
import { DateTime, Expand, IdFilter, Nullable } from "./common.ts";
import { PollInput } from "./polls.ts";
import { limits } from "./limits.ts";
import { PostMeta } from "./post-types.ts";
import { Limit, Page } from "./pagination.ts";
import { questionStatuses } from "./questions-constants.ts";
import { SiteSectionFilter } from "./subcommunities.ts";
import type { UserFragment } from "./users.ts";

import { defaultDiscussionSort, discussionSorts, type DiscussionSort } from "./discussion-sorts.ts";
export { commentPageSorts, defaultCommentSort, readCommentSort, type CommentPageSort } from "./discussion-sorts.ts";
export { defaultDiscussionSort, discussionSorts, type DiscussionSort };

export const pinLocations = ["category", "recent"] as const;

/** Post formats accepted on input (reference §1.5). */
export const inputFormats = ["rich2", "rich", "markdown", "text", "textex", "wysiwyg", "html", "bbcode"] as const;

export const discussionRules = {
  nameMaxLength: 100,
  bodyMaxLength: 50_000,
  /** Flood control (Vanilla's defaults): more than 3 posts in 30 s locks posting for 120 s. */
  floodPosts: 3,
  floodWindowSeconds: 30,
  floodLockSeconds: 120,
} as const;

export const discussionMessages = {
  flood:
    "You have posted {count} times within {window} seconds. A spam block is now in effect on your account. You must wait at least {lock} seconds before attempting to post again.",
  closed: "This discussion has been closed.",
  editTimeout: "The time to edit this has passed.",
} as const;

export const CategoryFragment = Type.Object({ categoryID: Type.Integer(), name: Type.String(), url: Type.String() });
export const Breadcrumb = Type.Object({ name: Type.String(), url: Type.String() });
export const TagFragment = Type.Object({ tagID: Type.Integer(), name: Type.String(), urlcode: Type.String() });

export const ReactionSummary = Type.Object({
  tagID: Type.Integer(),
  urlcode: Type.String(),
  name: Type.String(),
  class: Type.String(),
  count: Type.Integer(),
  hasReacted: Type.Optional(Type.Boolean()),
  reactionValue: Type.Optional(Type.Integer()),
});

export const LastPost = Type.Object({
  discussionID: Type.Integer(),
  commentID: Type.Optional(Type.Integer()),
  name: Type.String(),
  url: Type.String(),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(Type.Ref("UserFragment")),
  body: Type.Optional(Type.String()),
});

/** What the viewer may do with a record, so the UI can gate its actions. */
export const RecordPermissions = Type.Record(Type.String(), Type.Boolean());

export const Discussion = Type.Object(
  {
    discussionID: Type.Integer(),
    type: Type.String(),
    name: Type.String(),
    body: Type.Optional(Type.String({ description: "Rendered, sanitised HTML." })),
    categoryID: Type.Integer(),
    category: Type.Optional(CategoryFragment),
    /** The group the discussion belongs to (Groups add-on); null for an ordinary discussion. */
    groupID: Type.Optional(Nullable(Type.Integer())),
    url: Type.String(),
    canonicalUrl: Type.String(),
    dateInserted: DateTime,
    dateUpdated: Nullable(DateTime),
    dateLastComment: Nullable(DateTime),
    insertUserID: Type.Integer(),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    updateUserID: Nullable(Type.Integer()),
    lastUserID: Nullable(Type.Integer()),
    lastUser: Type.Optional(Type.Ref("UserFragment")),
    lastPost: Type.Optional(LastPost),
    countComments: Type.Integer(),
    countViews: Type.Integer(),
    countUnread: Type.Optional(Type.Integer()),
    unread: Type.Boolean(),
    closed: Type.Boolean(),
    sink: Type.Boolean(),
    pinned: Type.Boolean(),
    pinLocation: Nullable(Type.Union([Type.Literal("category"), Type.Literal("recent")])),
    announce: Type.Boolean(),
    score: Nullable(Type.Integer()),
    bookmarked: Type.Boolean(),
    muted: Type.Boolean(),
    dismissed: Type.Boolean(),
    /** Triage (staff.allow only, as Vanilla): resolved or not, by whom and when (null: never, or not kept). */
    resolved: Type.Optional(Type.Boolean()),
    resolvedUserID: Type.Optional(Nullable(Type.Integer())),
    dateResolved: Type.Optional(Nullable(DateTime)),
    attributes: Type.Record(Type.String(), Type.Unknown()),
    tagIDs: Type.Optional(Type.Array(Type.Integer())),
    tags: Type.Optional(Type.Array(TagFragment)),
    breadcrumbs: Type.Optional(Type.Array(Breadcrumb)),
    excerpt: Type.Optional(Type.String()),
    reactions: Type.Optional(Type.Array(ReactionSummary)),
    /** expand=reportMeta: the post's open reports (moderators only). */
    reportMeta: Type.Optional(Type.Object({ countReports: Type.Integer(), dateLastReport: Nullable(DateTime) })),
    permissions: Type.Optional(RecordPermissions),
    /** The post type (`type` for an original one, a site's own type's id otherwise). */
    postTypeID: Type.Optional(Type.String()),
    /** expand=postMeta: the post field values the viewer may see, postFieldID → value. */
    postMeta: Type.Optional(PostMeta),
  },
  { $id: "Discussion" },
);
type LastPostStatic = Static<typeof LastPost>;
/** `Static` cannot follow `$ref`s, so the embedded users are typed here. */
export type Discussion = Omit<Static<typeof Discussion>, "insertUser" | "lastUser" | "lastPost"> & {
  insertUser?: UserFragment;
  lastUser?: UserFragment;
  lastPost?: Omit<LastPostStatic, "insertUser"> & { insertUser?: UserFragment };
};

export const DiscussionListQuery = Type.Object({
  discussionID: Type.Optional(IdFilter("Discussions of these ids.")),
  categoryID: Type.Optional(Type.Array(Type.Integer())),
  groupID: Type.Optional(
    Type.Array(Type.Integer(), { description: "Discussions of these groups (one id or a comma-separated list)." }),
  ),
  includeChildCategories: Type.Optional(Type.Boolean()),
  siteSectionID: Type.Optional(SiteSectionFilter),
  excludeHiddenCategories: Type.Optional(Type.Boolean()),
  insertUserID: Type.Optional(Type.Array(Type.Integer())),
  tagID: Type.Optional(IdFilter("Discussions with one of these tags.")),
  type: Type.Optional(Type.Array(Type.String())),
  postTypeID: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), {
      description: "Posted as one of these post types (a site's own, or an original one); comma-separated.",
    }),
  ),
  postMeta: Type.Optional(
    Type.Record(
      Type.String({ minLength: 1, maxLength: 100 }),
      Type.Union([Type.String({ maxLength: 500 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 })]),
      {
        maxProperties: 5,
        description:
          "Discussions whose post field values match (`postMeta[field]=value`, or `postMeta[field][]=a&…` for any " +
          "of several); a token field matches when it holds the value. The post types add-on only.",
      },
    ),
  ),
  pinned: Type.Optional(Type.Boolean()),
  pinOrder: Type.Optional(Type.Union([Type.Literal("first"), Type.Literal("mixed")])),
  followed: Type.Optional(Type.Boolean()),
  bookmarkUserID: Type.Optional(Type.Integer()),
  participatedUserID: Type.Optional(Type.Integer()),
  hasComments: Type.Optional(
    Type.Boolean({
      description:
        "Parley: false lists the discussions no one has answered yet (no comments), true those with comments. " +
        "Vanilla's `status` stays for Q&A's question states.",
    }),
  ),
  status: Type.Optional(
    Type.Enum(questionStatuses, {
      description: "Questions of this status (the QnA add-on): unanswered, answered or accepted.",
    }),
  ),
  statusID: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 20,
      description: "Ideas of these statuses (the ideation add-on; `GET /discussions/statuses`).",
    }),
  ),
  reactionType: Type.Optional(
    Type.String({ minLength: 1, description: "Only discussions with at least one reaction of this urlcode." }),
  ),
  resolved: Type.Optional(Type.Boolean({ description: "Resolved (true) or not (false): staff.allow only." })),
  dateInserted: Type.Optional(Type.String({ description: "A date, `[d1,d2]`, or `>d` / `<=d`." })),
  dateUpdated: Type.Optional(Type.String()),
  dateLastComment: Type.Optional(Type.String()),
  sort: Type.Optional(Type.Enum(discussionSorts)),
  excerptLength: Type.Optional(Type.Integer({ minimum: 10, maximum: 1000 })),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(500, 30)),
  expand: Type.Optional(Expand),
});
export type DiscussionListQuery = Static<typeof DiscussionListQuery>;

/** `GET /discussions/bookmarked` and `/discussions/muted`: the viewer's own lists, paged, with the list's expands. */
export const FlaggedDiscussionListQuery = Type.Pick(DiscussionListQuery, ["page", "limit", "expand"]);

export const DiscussionGetQuery = Type.Object({ expand: Type.Optional(Expand) });

const postFields = {
  name: Type.String({ minLength: 1, maxLength: discussionRules.nameMaxLength }),
  body: Type.String({ minLength: 1, maxLength: discussionRules.bodyMaxLength }),
  format: Type.String({ description: `One of ${inputFormats.join(", ")}.` }),
  categoryID: Type.Integer(),
  closed: Type.Optional(Type.Boolean()),
  sink: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  pinLocation: Type.Optional(Nullable(Type.Union([Type.Literal("category"), Type.Literal("recent")]))),
  announce: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 2 })])),
  tagIDs: Type.Optional(Type.Array(Type.Integer())),
  newTagNames: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }))),
  draftID: Type.Optional(Type.Integer()),
  type: Type.Optional(Type.String()),
  postMeta: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description: "The post type's field values, postFieldID → value (each checked against its field).",
    }),
  ),
};

/**
 * A new discussion: in `categoryID`, or in a group's category with `groupID` (then `categoryID` may be left
 * out; it must be the group's when given).
 */
export const DiscussionPost = Type.Object({
  ...postFields,
  categoryID: Type.Optional(Type.Integer()),
  groupID: Type.Optional(Type.Integer()),
  poll: Type.Optional(PollInput),
  postTypeID: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: "A post type (`GET /post-types`)." }),
  ),
});
export type DiscussionPost = Static<typeof DiscussionPost>;

/** `insertUserID` changes the author (site.manage). */
export const DiscussionPatch = Type.Partial(
  Type.Object({ ...postFields, resolved: Type.Boolean(), insertUserID: Type.Integer({ minimum: 1 }) }),
);
export type DiscussionPatch = Static<typeof DiscussionPatch>;

export const DiscussionEdit = Type.Object({
  discussionID: Type.Integer(),
  name: Type.String(),
  body: Type.String(),
  format: Type.String(),
  categoryID: Type.Integer(),
  sink: Type.Boolean(),
  closed: Type.Boolean(),
  pinned: Type.Boolean(),
  pinLocation: Nullable(Type.Union([Type.Literal("category"), Type.Literal("recent")])),
  tagIDs: Type.Array(Type.Integer()),
});

export const DiscussionQuote = Type.Object({
  discussionID: Type.Integer(),
  name: Type.String(),
  bodyRaw: Type.Union([Type.String(), Type.Array(Type.Unknown())]),
  format: Type.String(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUser: Type.Ref("UserFragment"),
  url: Type.String(),
});

export const DiscussionIdParams = Type.Object({ id: Type.Integer() });

/** `POST /discussions/resolve-bulk`: how many discussions it resolved (Vanilla answers 201 with no body). */
export const ResolveBulkResult = Type.Object({ countResolved: Type.Integer() });
export type ResolveBulkResult = Static<typeof ResolveBulkResult>;

export const LongRunnerResult = Type.Object({
  progress: Type.Object({
    successIDs: Type.Array(Type.Integer()),
    failedIDs: Type.Array(Type.Integer()),
    exceptionsByID: Type.Record(
      Type.String(),
      Type.Object({ message: Type.String(), status: Type.Integer() }, { additionalProperties: true }),
    ),
    countTotalIDs: Nullable(Type.Integer()),
  }),
  callbackPayload: Nullable(Type.String()),
});
export type LongRunnerResult = Static<typeof LongRunnerResult>;

export const LongRunnerQuery = Type.Object({
  longRunnerMode: Type.Optional(Type.Union([Type.Literal("sync"), Type.Literal("async")])),
  longRunnerTimeout: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
});
export type LongRunnerQuery = Static<typeof LongRunnerQuery>;

export const sharedDiscussionSchemas = [Discussion];

/** `PUT /discussions/{id}/canonical-url`: the discussion's canonical address, an absolute http(s) one. */
export const CanonicalUrlBody = Type.Object({
  canonicalUrl: Type.String({
    minLength: 1,
    maxLength: limits.canonicalUrlMaxLength,
    description: "An absolute http or https address; the discussion's page links it as canonical.",
  }),
});
