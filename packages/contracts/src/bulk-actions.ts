import { Type, type Static } from "typebox";
import { limits } from "./limits.ts";

/**
 * The bodies of the long-running bulk actions (reference §1.7, §3, §4). Any number of IDs up to
 * `limits.longRunner.maxIDs`: the server works through them in rounds (408 → `POST /calls/run`).
 */
const Ids = Type.Array(Type.Integer(), { minItems: 1, maxItems: limits.longRunner.maxIDs });

export const DiscussionDeleteList = Type.Object({ discussionIDs: Ids });

export const DiscussionMove = Type.Object({
  discussionIDs: Ids,
  categoryID: Type.Integer(),
  addRedirects: Type.Optional(Type.Boolean()),
  postTypeID: Type.Optional(
    Type.String({
      maxLength: 100,
      description: "The post type the moved discussions are posted as (one of their type the category takes).",
    }),
  ),
});

export const DiscussionClose = Type.Object({ discussionIDs: Ids, closed: Type.Optional(Type.Boolean()) });

/** Every source becomes a comment of the destination; `addRedirects` leaves closed redirect discussions behind. */
export const DiscussionMerge = Type.Object({
  discussionIDs: Ids,
  destinationDiscussionID: Type.Integer(),
  addRedirects: Type.Optional(Type.Boolean({ default: false })),
});
export type DiscussionMerge = Static<typeof DiscussionMerge>;

/** The comments move to a new discussion made from `newPost` (authored by the requester: `authorType` me). */
export const DiscussionSplit = Type.Object({
  commentIDs: Ids,
  newPost: Type.Object({
    name: Type.String(),
    categoryID: Type.Integer(),
    body: Type.Optional(Type.String()),
    format: Type.Optional(Type.String()),
    postType: Type.Optional(Type.String()),
    authorType: Type.Optional(Type.Literal("me")),
  }),
});
export type DiscussionSplit = Static<typeof DiscussionSplit>;

/**
 * `full` deletes the comments; `tombstone` keeps each in its place in the thread with its text replaced
 * by "This comment has been deleted." (its text is kept in the history, where a moderator may restore it).
 */
export const CommentDeleteList = Type.Object({
  commentIDs: Ids,
  deleteMethod: Type.Optional(Type.Union([Type.Literal("full"), Type.Literal("tombstone")])),
});
export type CommentDeleteList = Static<typeof CommentDeleteList>;
