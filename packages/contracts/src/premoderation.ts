import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";

export * from "./premoderation-constants.ts";
export * from "./premoderation-edits.ts";

/** Written out (a mapped array loses the literal types); `premoderationTypes` lists the same names. */
const PremoderationTypeSchema = Type.Union([
  Type.Literal("premoderatedRole"),
  Type.Literal("premoderatedNewMember"),
  Type.Literal("premoderatedLinks"),
  Type.Literal("premoderatedKeyword"),
  Type.Literal("premoderatedSpam"),
]);
const QueueSchema = Type.Union([Type.Literal("approval"), Type.Literal("spam")]);

export const PremoderationReason = Type.Object({
  premoderationType: PremoderationTypeSchema,
  description: Type.String(),
});
export type PremoderationReason = Static<typeof PremoderationReason>;

/**
 * The 202 answer of `POST /discussions` and `POST /comments` when the post is held (Vanilla's
 * `PostPremoderation`, with its spelling `premoderatinReasons`): nothing was written but the pending report.
 * `PATCH /discussions/{id}` and `PATCH /comments/{id}` answer the same when the edit is held (the post keeps its text).
 */
export const PostPremoderation = Type.Object({
  message: Type.String(),
  description: Type.String(),
  reportID: Type.Integer(),
  premoderatinReasons: Type.Array(PremoderationReason),
});
export type PostPremoderation = Static<typeof PostPremoderation>;

/** `PATCH /reports/{id}/approve-record`: optional moderator edits made before the post is published. */
export const ReportApproveRecord = Type.Object({
  verifyRecordUser: Type.Optional(Type.Boolean({ description: "Accepted for Vanilla's clients; not used." })),
  premoderatedRecord: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      body: Type.String({ minLength: 1, maxLength: 50_000 }),
    }),
  ),
});
export type ReportApproveRecord = Static<typeof ReportApproveRecord>;

/** What a pending report carries of its held post (moderators, and the author's own list). */
export const PendingRecord = Type.Object({
  kind: Type.Union([Type.Literal("discussion"), Type.Literal("comment")]),
  discussionID: Nullable(Type.Integer()),
  categoryID: Type.Integer(),
  /** The discussion's title (a held discussion) or null (a comment). */
  name: Nullable(Type.String()),
  /** The post rendered and sanitised, as posts are. */
  body: Type.String(),
  format: Type.String(),
  premoderationQueue: QueueSchema,
  premoderatinReasons: Type.Array(PremoderationReason),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  /** An edit of a published post held for approval (Vanilla's `isPendingUpdate`) rather than a new post. */
  isPendingUpdate: Type.Boolean(),
  /** The post an edit changes (null for a new post). */
  recordID: Nullable(Type.Integer()),
  /** The post's text when the edit was held, rendered (null for a new post): what the edit would replace. */
  current: Nullable(Type.Object({ name: Nullable(Type.String()), body: Type.String() })),
});
export type PendingRecord = Static<typeof PendingRecord>;

/** One of the viewer's own posts awaiting approval (`GET /reports/pending-posts`, Parley's). */
export const PendingPost = Type.Object({
  reportID: Type.Integer(),
  ...PendingRecord.properties,
  /** The discussion (a held comment) or category (a held discussion) it will appear in. */
  placeName: Type.String(),
  placeUrl: Type.String(),
});
export type PendingPost = Static<typeof PendingPost>;

export const PendingPostsQuery = Type.Object({
  discussionID: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type PendingPostsQuery = Static<typeof PendingPostsQuery>;
