import type { Insertable, Kysely, SelectQueryBuilder } from "kysely";
import type { CommentsTable, DB } from "../../platform/db/schema.ts";

/** Discussions chosen by a subquery, for writes of every row that points at them. */
export type DiscussionIDs = SelectQueryBuilder<DB, "discussions", { discussionID: number }>;
/** Comments chosen by a subquery, for writes of every row that points at them. */
export type CommentIDs = SelectQueryBuilder<DB, "comments", { commentID: number }>;

/**
 * The writes discussions need from the owners of what a post carries (issue 27, one owner per table): its
 * comments, the notifications about it and the reactions to it. Those features each import discussions, so
 * app.ts hands their operations in. Each runs in the caller's transaction, `db`.
 */
export interface PostOwners {
  comments: {
    /** Adds the comment a merged discussion becomes; its id. */
    insertMergedComment(db: Kysely<DB>, row: Insertable<CommentsTable>): Promise<number>;
    /** Moves every comment of these discussions into another; how many moved. */
    moveDiscussionComments(db: Kysely<DB>, fromDiscussionIDs: number[], toDiscussionID: number): Promise<number>;
    /** Moves comments to a discussion (orphaned replies become top-level); the ids that moved. */
    moveComments(db: Kysely<DB>, commentIDs: number[], toDiscussionID: number): Promise<Set<number>>;
    /** Deletes comments (what points at them goes first). */
    removeComments(db: Kysely<DB>, commentIDs: CommentIDs): Promise<void>;
  };
  notifications: {
    /** The notifications about these comments follow them to another discussion. */
    moveCommentNotifications(db: Kysely<DB>, commentIDs: number[], toDiscussionID: number): Promise<void>;
    /** The notifications about the comments of these discussions follow them into another. */
    moveDiscussionCommentNotifications(
      db: Kysely<DB>,
      fromDiscussionIDs: number[],
      toDiscussionID: number,
    ): Promise<void>;
    /** Deletes the notifications in those discussions, about them, or about those comments. */
    removeNotificationsAboutPosts(db: Kysely<DB>, discussionIDs: DiscussionIDs, commentIDs: CommentIDs): Promise<void>;
  };
  reactions: {
    /** A discussion's reactions become the reactions of the comment it turned into. */
    moveDiscussionReactionsToComment(db: Kysely<DB>, discussionID: number, commentID: number): Promise<void>;
    /** Deletes the reactions to those discussions and comments. */
    removePostReactions(db: Kysely<DB>, discussionIDs: DiscussionIDs, commentIDs: CommentIDs): Promise<void>;
  };
}
