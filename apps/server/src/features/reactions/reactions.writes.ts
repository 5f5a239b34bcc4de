import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { moveReactionPoints, takeBackReactionPoints } from "../reputation/index.ts";

/*
 * Writes of the reactions table that other features ask for, inside their own transaction (`db` is it): the
 * reactions of posts that discussions merge or delete, and of a deleted comment (handed to discussions and
 * comments by app.ts: reactions imports both).
 */

/** A merged discussion's reactions become the reactions of the comment it turned into, in the merge's transaction. */
export async function moveDiscussionReactionsToComment(
  db: Kysely<DB>,
  discussionID: number,
  commentID: number,
): Promise<void> {
  await moveReactionPoints(db, discussionID, commentID, async () => {
    await db
      .updateTable("reactions")
      .set({ recordType: "comment", recordID: commentID })
      .where("recordType", "=", "discussion")
      .where("recordID", "=", discussionID)
      .execute();
  });
}

/** Deletes the reactions to posts that are going (discussions' post deletion), in the caller's transaction. */
export async function removePostReactions(
  db: Kysely<DB>,
  discussionIDs: SelectQueryBuilder<DB, "discussions", { discussionID: number }>,
  commentIDs: SelectQueryBuilder<DB, "comments", { commentID: number }>,
): Promise<void> {
  await takeBackReactionPoints(db, { discussionIDs, commentIDs });
  await db
    .deleteFrom("reactions")
    .where((eb) =>
      eb.or([
        eb.and([eb("recordType", "=", "discussion"), eb("recordID", "in", discussionIDs)]),
        eb.and([eb("recordType", "=", "comment"), eb("recordID", "in", commentIDs)]),
      ]),
    )
    .execute();
}

/** Deletes a comment's reactions (and what they gave its author), in the comment deletion's transaction, before the comment's row. */
export async function removeCommentReactions(db: Kysely<DB>, commentID: number): Promise<void> {
  await takeBackReactionPoints(db, { commentIDs: [commentID] });
  await db.deleteFrom("reactions").where("recordType", "=", "comment").where("recordID", "=", commentID).execute();
}
