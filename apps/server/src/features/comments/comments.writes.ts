import type { Insertable, Kysely, SelectQueryBuilder } from "kysely";
import type { CommentsTable, DB } from "../../platform/db/schema.ts";
import { wipedBody } from "../../platform/records.ts";
import { takeBackAnswerPoints } from "./comments.deps.ts";

/*
 * Writes of the comments table that other features ask for, inside their own transaction (`db` is it):
 * reactions' score, moderation's restore from the change log, a deleted member's wiped comments, and the
 * discussions' merge, split and deletions (handed to discussions by app.ts: comments imports discussions).
 */

/**
 * Adds to a comment's reaction score in the reaction's transaction (0 only locks the row until it ends);
 * false when the comment is gone.
 */
export async function addCommentScore(db: Kysely<DB>, commentID: number, delta: number): Promise<boolean> {
  const row = await db
    .updateTable("comments")
    .set((eb) => ({ score: eb("score", "+", delta) }))
    .where("commentID", "=", commentID)
    .returning("commentID")
    .executeTakeFirst();
  return row !== undefined;
}

/** A deleted comment's text, put back. */
export interface TombstoneText {
  body: string;
  format: string;
  attributes: string | null;
  dateUpdated: string | null;
  updateUserID: number | null;
}

/** Gives a tombstone (a deleted comment kept for its replies) its text back. */
export async function reviveCommentTombstone(db: Kysely<DB>, commentID: number, row: TombstoneText): Promise<void> {
  await db.updateTable("comments").set(row).where("commentID", "=", commentID).execute();
}

/** Puts a deleted comment back under its own commentID. */
export async function restoreComment(
  db: Kysely<DB>,
  row: Insertable<CommentsTable> & { commentID: number },
): Promise<void> {
  await db.insertInto("comments").values(row).execute();
}

/** Blanks a member's comments, keeping the threads readable (deleteMethod `wipe`, in the deletion's transaction). */
export async function wipeMemberComments(db: Kysely<DB>, userID: number, now: string): Promise<void> {
  await db
    .updateTable("comments")
    .set({ ...wipedBody, dateUpdated: now })
    .where("insertUserID", "=", userID)
    .execute();
}

/** Adds the comment a merged discussion becomes (its body, author and date), in the merge's transaction; its id. */
export async function insertMergedComment(db: Kysely<DB>, row: Insertable<CommentsTable>): Promise<number> {
  return (await db.insertInto("comments").values(row).returning("commentID").executeTakeFirstOrThrow()).commentID;
}

/** Moves every comment of these discussions into another (merge), in the merge's transaction; how many moved. */
export async function moveDiscussionComments(
  db: Kysely<DB>,
  fromDiscussionIDs: number[],
  toDiscussionID: number,
): Promise<number> {
  if (fromDiscussionIDs.length === 0) return 0;
  const result = await db
    .updateTable("comments")
    .set({ discussionID: toDiscussionID })
    .where("discussionID", "in", fromDiscussionIDs)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves comments to a discussion (split), in the split's transaction; those whose parent stays behind become
 * top-level replies. Answers the ids that moved (not the ones deleted meanwhile).
 */
export async function moveComments(db: Kysely<DB>, commentIDs: number[], toDiscussionID: number): Promise<Set<number>> {
  if (commentIDs.length === 0) return new Set();
  const moved = await db
    .updateTable("comments")
    .set({ discussionID: toDiscussionID })
    .where("commentID", "in", commentIDs)
    .returning("commentID")
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
}

/** Deletes comments (discussions' post deletion), in the caller's transaction, after what points at them. */
export async function removeComments(
  db: Kysely<DB>,
  commentIDs: SelectQueryBuilder<DB, "comments", { commentID: number }>,
): Promise<void> {
  await takeBackAnswerPoints(db, commentIDs);
  await db.deleteFrom("comments").where("commentID", "in", commentIDs).execute();
}
