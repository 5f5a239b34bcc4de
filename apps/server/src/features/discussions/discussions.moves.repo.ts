import { sql, type Kysely, type Selectable } from "kysely";
import type { CommentsTable, DB } from "../../platform/db/schema.ts";

export type MovableComment = Pick<
  Selectable<CommentsTable>,
  "commentID" | "discussionID" | "parentCommentID" | "insertUserID" | "dateInserted"
>;

/** SQL for moving posts between discussions (merge, split): comments, reactions and the counts they carry. */
export function createMovesRepo(db: Kysely<DB>) {
  return {
    /** Moves every comment of the discussions into another (their notifications follow); how many moved. */
    async moveAllComments(fromDiscussionIDs: number[], toDiscussionID: number): Promise<number> {
      if (fromDiscussionIDs.length === 0) return 0;
      const result = await db
        .updateTable("comments")
        .set({ discussionID: toDiscussionID })
        .where("discussionID", "in", fromDiscussionIDs)
        .executeTakeFirst();
      await db
        .updateTable("notifications")
        .set({ discussionID: toDiscussionID })
        .where("recordType", "=", "comment")
        .where("discussionID", "in", fromDiscussionIDs)
        .execute();
      return Number(result.numUpdatedRows);
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
      const moved = await db
        .updateTable("comments")
        .set({ discussionID: toDiscussionID })
        .where("commentID", "in", commentIDs)
        .returning("commentID")
        .execute();
      await db
        .updateTable("notifications")
        .set({ discussionID: toDiscussionID })
        .where("recordType", "=", "comment")
        .where("recordID", "in", commentIDs)
        .execute();
      await db
        .updateTable("comments")
        .set({ parentCommentID: null, depth: 1 })
        .where("discussionID", "=", toDiscussionID)
        .where("parentCommentID", "is not", null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("comments as parent")
                .select("parent.commentID")
                .whereRef("parent.commentID", "=", "comments.parentCommentID")
                .where("parent.discussionID", "=", toDiscussionID),
            ),
          ),
        )
        .execute();
      return new Set(moved.map((row) => row.commentID));
    },

    /** A discussion's reactions become the reactions of the comment it turned into. */
    async reactionsToComment(discussionID: number, commentID: number): Promise<void> {
      await db
        .updateTable("reactions")
        .set({ recordType: "comment", recordID: commentID })
        .where("recordType", "=", "discussion")
        .where("recordID", "=", discussionID)
        .execute();
    },
  };
}

/** Moves a category's discussions to another category (deleting the first with its content moved). */
export async function moveCategoryDiscussions(
  db: Kysely<DB>,
  fromCategoryID: number,
  toCategoryID: number,
): Promise<void> {
  await db
    .updateTable("discussions")
    .set((eb) => ({
      categoryID: toCategoryID,
      // The group of the category they go to (none for an ordinary one).
      groupID: eb
        .selectFrom("categories")
        .select(sql<number | null>`nullif("groupID", 0)`.as("groupID"))
        .where("categoryID", "=", toCategoryID),
    }))
    .where("categoryID", "=", fromCategoryID)
    .execute();
}
