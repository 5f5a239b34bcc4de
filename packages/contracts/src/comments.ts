import { Type, type Static } from "typebox";
import { DateTime, Expand, IdFilter, Nullable } from "./common.ts";
import { discussionRules, ReactionSummary, RecordPermissions } from "./discussions.ts";
import { limits } from "./limits.ts";
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
    /** The comment it replies to; absent for a comment on the discussion itself (as Vanilla leaves it out). */
    parentCommentID: Type.Optional(Type.Integer()),
    depth: Type.Integer(),
    name: Type.String({ description: "Re: the discussion's title." }),
    body: Type.Optional(Type.String({ description: "Rendered, sanitised HTML." })),
    categoryID: Type.Integer(),
    /** The group of the comment's discussion (Groups add-on); null for an ordinary discussion. */
    groupID: Type.Optional(Nullable(Type.Integer())),
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
  commentID: Type.Optional(IdFilter("Comments of these ids.")),
  qna: Type.Optional(
    Type.Union([Type.Literal("accepted"), Type.Literal("rejected")], {
      description: "Answers of a question with this status (the QnA add-on).",
    }),
  ),
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

/** The sorts of a thread's comments at each level (Vanilla's `/comments/thread`). */
export const commentThreadSorts = ["dateInserted", "-dateInserted", "score", "-score"] as const;
export type CommentThreadSort = (typeof commentThreadSorts)[number];

/**
 * `GET /comments/thread`: a page of a discussion's top-level comments (or of one comment's replies,
 * `parentCommentID`) with their replies nested, the deeper and later ones folded into holes.
 */
export const CommentThreadQuery = Type.Object({
  parentRecordType: Type.Literal("discussion"),
  parentRecordID: Type.Integer({ minimum: 1 }),
  parentCommentID: Type.Optional(
    Type.Integer({ minimum: 1, description: "The replies of this comment instead of the top-level comments." }),
  ),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, 30)),
  sort: Type.Optional(Type.Enum(commentThreadSorts)),
  expand: Type.Optional(Expand),
  focusCommentID: Type.Optional(
    Type.Integer({ minimum: 1, description: "This comment and the comments above it are shown, never in a hole." }),
  ),
  collapseChildDepth: Type.Optional(
    Type.Integer({
      minimum: 2,
      maximum: 100,
      default: limits.commentThread.collapseChildDepth,
      description: "The depth from which replies are folded (the page's level is 1).",
    }),
  ),
  collapseChildLimit: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 100,
      default: limits.commentThread.collapseChildLimit,
      description: "Replies shown under a comment above that depth; the rest are folded.",
    }),
  ),
});
export type CommentThreadQuery = Static<typeof CommentThreadQuery>;

/** A comment in a thread's structure: its record is in `commentsByID`. */
export interface CommentThreadComment {
  type: "comment";
  commentID: number;
  /** Absent for a comment on the discussion itself. */
  parentCommentID?: number;
  depth: number;
  children: CommentThreadItem[];
}

/** Replies not shown: from `offset` of `parentCommentID`'s replies on, with everything under them. */
export interface CommentThreadHole {
  type: "hole";
  parentCommentID: number;
  offset: number;
  depth: number;
  countAllComments: number;
  countAllInsertUsers: number;
  insertUsers: UserFragment[];
  apiUrl: string;
}

export type CommentThreadItem = CommentThreadComment | CommentThreadHole;

export const CommentThreadItemSchema = Type.Union(
  [
    Type.Object({
      type: Type.Literal("comment"),
      commentID: Type.Integer(),
      parentCommentID: Type.Optional(Type.Integer()),
      depth: Type.Integer(),
      children: Type.Array(Type.Ref("CommentThreadItem")),
    }),
    Type.Object({
      type: Type.Literal("hole"),
      parentCommentID: Type.Integer(),
      offset: Type.Integer({ description: "The first folded reply's place among its parent's replies." }),
      depth: Type.Integer(),
      countAllComments: Type.Integer({ description: "The folded replies and everything under them." }),
      countAllInsertUsers: Type.Integer({ description: "Their different authors." }),
      insertUsers: Type.Array(Type.Ref("UserFragment"), { description: "The first five of those authors." }),
      apiUrl: Type.String({ description: "The thread call that answers the folded replies." }),
    }),
  ],
  { $id: "CommentThreadItem" },
);

export const CommentThread = Type.Object({
  threadStructure: Type.Array(Type.Ref("CommentThreadItem")),
  commentsByID: Type.Record(Type.String(), Type.Ref("Comment"), { description: "The shown comments by ID." }),
});
export interface CommentThread {
  threadStructure: CommentThreadItem[];
  commentsByID: Record<string, Comment>;
}

export const sharedCommentSchemas = [Comment, CommentThreadItemSchema];
