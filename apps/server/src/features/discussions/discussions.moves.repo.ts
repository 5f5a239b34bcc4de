import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { CommentsTable, DB } from "../../platform/db/schema.ts";
import { movePostPoints } from "./discussions.deps.ts";
import type { PostOwners } from "./discussions.post-owners.ts";

export type MovableComment = Pick<
  Selectable<CommentsTable>,
  "commentID" | "discussionID" | "parentCommentID" | "insertUserID" | "dateInserted"
>;

/**
 * Moving posts between discussions (merge, split): the comments, the notifications about them and the
 * reactions that move go through their owners (`owners`, handed in by app.ts), in the transaction `db`.
 */
export function createMovesRepo(db: Kysely<DB>, owners: PostOwners) {
  return {
    /** Adds the comment a merged discussion becomes; its id. */
    insertMergedComment: (row: Insertable<CommentsTable>): Promise<number> =>
      owners.comments.insertMergedComment(db, row),

    /** Moves every comment of the discussions into another (their notifications follow); how many moved. */
    async moveAllComments(fromDiscussionIDs: number[], toDiscussionID: number): Promise<number> {
      if (fromDiscussionIDs.length === 0) return 0;
      // Their points follow them to the destination's category.
      const commentIDs = (
        await db.selectFrom("comments").select("commentID").where("discussionID", "in", fromDiscussionIDs).execute()
      ).map((row) => row.commentID);
      let moved = 0;
      await movePostPoints(db, { commentIDs }, async () => {
        moved = await owners.comments.moveDiscussionComments(db, fromDiscussionIDs, toDiscussionID);
      });
      await owners.notifications.moveDiscussionCommentNotifications(db, fromDiscussionIDs, toDiscussionID);
      return moved;
    },

    async commentsByIds(commentIDs: number[]): Promise<MovableComment[]> {
      if (commentIDs.length === 0) return [];
      return db
        .selectFrom("comments")
        .select(["commentID", "discussionID", "parentCommentID", "insertUserID", "dateInserted"])
        .where("commentID", "in", commentIDs)
        .execute();
    },

    /**
     * Moves comments (and their notifications) to a discussion; those whose parent stays behind become
     * top-level replies. Answers the ids that moved (not the ones deleted meanwhile).
     */
    async moveComments(commentIDs: number[], toDiscussionID: number): Promise<Set<number>> {
      if (commentIDs.length === 0) return new Set();
      let moved = new Set<number>();
      await movePostPoints(db, { commentIDs }, async () => {
        moved = await owners.comments.moveComments(db, commentIDs, toDiscussionID);
      });
      await owners.notifications.moveCommentNotifications(db, commentIDs, toDiscussionID);
      return moved;
    },

    /** A discussion's reactions become the reactions of the comment it turned into. */
    reactionsToComment: (discussionID: number, commentID: number): Promise<void> =>
      owners.reactions.moveDiscussionReactionsToComment(db, discussionID, commentID),
  };
}

/**
 * Moves a category's discussions (those listed, else all) to another category: a category's deletion with its
 * content moved, batch by batch.
 */
export async function moveCategoryDiscussions(
  db: Kysely<DB>,
  fromCategoryID: number,
  toCategoryID: number,
  discussionIDs?: number[],
): Promise<void> {
  if (discussionIDs?.length === 0) return;
  const ids =
    discussionIDs ??
    (await db.selectFrom("discussions").select("discussionID").where("categoryID", "=", fromCategoryID).execute()).map(
      (row) => row.discussionID,
    );
  let query = db
    .updateTable("discussions")
    .set((eb) => ({
      categoryID: toCategoryID,
      // The group of the category they go to (none for an ordinary one).
      groupID: eb
        .selectFrom("categories")
        .select(sql<number | null>`nullif("groupID", 0)`.as("groupID"))
        .where("categoryID", "=", toCategoryID),
    }))
    .where("categoryID", "=", fromCategoryID);
  if (discussionIDs) query = query.where("discussionID", "in", discussionIDs);
  // Their points (reactions, accepted answers) follow them to the category.
  await movePostPoints(db, { discussionIDs: ids }, async () => void (await query.execute()));
}
