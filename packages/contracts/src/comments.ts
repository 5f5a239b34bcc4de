import { Type, type Static } from "typebox";
import { DateTime, Expand, Nullable } from "./common.ts";
import { discussionRules, ReactionSummary, RecordPermissions } from "./discussions.ts";
import { Limit, Page } from "./pagination.ts";
import type { UserFragment } from "./users.ts";

export const commentSorts = [
  "dateInserted",
  "-dateInserted",
  "-score",
  "score",
  "commentID",
  "-commentID",
  "-experimentalTrending",
] as const;
export type CommentSort = (typeof commentSorts)[number];

export const Comment = Type.Object(
  {
    commentID: Type.Integer(),
    discussionID: Type.Integer(),
    parentRecordType: Type.Literal("discussion"),
    parentRecordID: Type.Integer(),
    parentCommentID: Nullable(Type.Integer()),
    depth: Type.Integer(),
    name: Type.String({ description: "Re: the discussion's title." }),
    body: Type.Optional(Type.String({ description: "Rendered, sanitised HTML." })),
    categoryID: Type.Integer(),
    dateInserted: DateTime,
    dateUpdated: Nullable(DateTime),
    insertUserID: Type.Integer(),
    insertUser: Type.Optional(Type.Ref("UserFragment")),
    updateUserID: Nullable(Type.Integer()),
    score: Nullable(Type.Integer()),
    attributes: Type.Record(Type.String(), Type.Unknown()),
    /** Spec §3's display modes: "tombstone" for a comment deleted with deleteMethod=tombstone (absent: full). */
    displayMode: Type.Optional(Type.Union([Type.Literal("full"), Type.Literal("tombstone")])),
    url: Type.String(),
    reactions: Type.Optional(Type.Array(ReactionSummary)),
    /** expand=reportMeta: the post's open reports (moderators only). */
    reportMeta: Type.Optional(Type.Object({ countReports: Type.Integer(), dateLastReport: Nullable(DateTime) })),
    permissions: Type.Optional(RecordPermissions),
  },
  { $id: "Comment" },
);
/** `Static` cannot follow `$ref`s, so the embedded user is typed here. */
export type Comment = Omit<Static<typeof Comment>, "insertUser"> & { insertUser?: UserFragment };

export const CommentListQuery = Type.Object({
  discussionID: Type.Optional(Type.Integer()),
  parentRecordType: Type.Optional(Type.Literal("discussion")),
  parentRecordID: Type.Optional(Type.Integer()),
  insertUserID: Type.Optional(Type.Integer()),
  commentID: Type.Optional(Type.Array(Type.Integer())),
  reactionType: Type.Optional(
    Type.String({ minLength: 1, description: "Only comments with at least one reaction of this urlcode." }),
  ),
  dateInserted: Type.Optional(Type.String()),
  sort: Type.Optional(Type.Enum(commentSorts)),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
  expand: Type.Optional(Expand),
});
export type CommentListQuery = Static<typeof CommentListQuery>;

export const CommentPost = Type.Object({
  body: Type.String({ minLength: 1, maxLength: discussionRules.bodyMaxLength }),
  format: Type.String(),
  discussionID: Type.Optional(Type.Integer()),
  parentRecordType: Type.Optional(Type.Literal("discussion")),
  parentRecordID: Type.Optional(Type.Integer()),
  parentCommentID: Type.Optional(Nullable(Type.Integer())),
  draftID: Type.Optional(Type.Integer()),
});
export type CommentPost = Static<typeof CommentPost>;

export const CommentPatch = Type.Object({
  body: Type.Optional(Type.String({ minLength: 1, maxLength: discussionRules.bodyMaxLength })),
  format: Type.Optional(Type.String()),
  /** Changes the author (site.manage). */
  insertUserID: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type CommentPatch = Static<typeof CommentPatch>;

export const CommentEdit = Type.Object({
  commentID: Type.Integer(),
  discussionID: Type.Integer(),
  body: Type.String(),
  format: Type.String(),
});

export const CommentQuote = Type.Object({
  commentID: Type.Integer(),
  bodyRaw: Type.Union([Type.String(), Type.Array(Type.Unknown())]),
  format: Type.String(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUser: Type.Ref("UserFragment"),
  url: Type.String(),
});

/** Where a comment sits: its discussion and the page it is on for a page size (the comment link's target). */
export const CommentLocation = Type.Object({
  commentID: Type.Integer(),
  discussionID: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  url: Type.String(),
});

export const CommentIdParams = Type.Object({ id: Type.Integer() });

export const sharedCommentSchemas = [Comment];
