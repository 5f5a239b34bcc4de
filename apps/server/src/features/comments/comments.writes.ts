import type { Insertable, Kysely } from "kysely";
import type { CommentsTable, DB } from "../../platform/db/schema.ts";
import { wipedBody } from "../../platform/records.ts";

/*
 * Writes of the comments table that other features ask for, inside their own transaction (`db` is it):
 * reactions' score, moderation's restore from the change log, a deleted member's wiped comments.
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
