import { sql, type Kysely } from "kysely";
import { inTransaction, lockAllRows } from "../../platform/db/row-locks.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { Clock } from "../../platform/clock.ts";
import { wipedBody } from "../../platform/records.ts";
import { recountCategories, recountPostCounts } from "./discussions.deps.ts";
import type { CommentIDs, DiscussionIDs, PostOwners } from "./discussions.post-owners.ts";
import { refreshQuestion } from "./questions.repo.ts";

/**
 * Deletes discussions (every comment in them among `commentIDs`) and comments, with what points at
 * them: notifications, reactions, members' bookmarks and read states. The one path for deleting a
 * discussion, merging it away, deleting a category or group with its content and deleting a member's
 * posts; the caller adjusts the counts. Runs in the caller's transaction, `db`.
 */
export type RemovePosts = (db: Kysely<DB>, discussionIDs: DiscussionIDs, commentIDs: CommentIDs) => Promise<void>;

/**
 * A deleted member's posts (`deleteMethod` delete), in the deletion's transaction `db`: their
 * discussions with every comment in them, and their comments elsewhere, with what points at those
 * posts — reactions, notifications, members' bookmarks and read states — as deleting one discussion
 * does (`RemovePosts`), in a fixed number of statements however many posts. The other
 * members whose comments went with the threads get their comment counts recounted; the threads'
 * and categories' counts are recounted by the caller after the transaction.
 */
type RemoveMemberPosts = (db: Kysely<DB>, userID: number) => Promise<void>;

/**
 * Deleting posts through the owners of the rows they carry (comments, notifications, reactions: handed in
 * by app.ts); discussions deletes its own rows, leaving each discussion's tombstone (`deletedDiscussions`, dated by
 * `clock`: its address answers 410 Gone). Each function runs in its caller's transaction.
 */
export function createPostRemoval(
  owners: PostOwners,
  clock: Pick<Clock, "nowIso">,
): {
  removePosts: RemovePosts;
  removeMemberPosts: RemoveMemberPosts;
} {
  const removePosts: RemovePosts = async (db, discussionIDs, commentIDs) => {
    await owners.notifications.removeNotificationsAboutPosts(db, discussionIDs, commentIDs);
    await owners.reactions.removePostReactions(db, discussionIDs, commentIDs);
    await owners.comments.removeComments(db, commentIDs);
    await db.deleteFrom("userDiscussions").where("discussionID", "in", discussionIDs).execute();
    // SQLite may hand a deleted highest id to the next discussion: a tombstone only speaks for a missing row.
    await db
      .insertInto("deletedDiscussions")
      .columns(["discussionID", "categoryID", "dateDeleted"])
      .expression(
        db
          .selectFrom("discussions")
          .select(["discussionID", "categoryID", sql.lit(clock.nowIso()).as("dateDeleted")])
          .where("discussionID", "in", discussionIDs),
      )
      .onConflict((oc) =>
        oc.column("discussionID").doUpdateSet((eb) => ({
          categoryID: eb.ref("excluded.categoryID"),
          dateDeleted: eb.ref("excluded.dateDeleted"),
        })),
      )
      .execute();
    await db.deleteFrom("discussions").where("discussionID", "in", discussionIDs).execute();
  };

  const removeMemberPosts: RemoveMemberPosts = async (db, userID) => {
    const discussionIDs = db.selectFrom("discussions").select("discussionID").where("insertUserID", "=", userID);
    const commentIDs = db
      .selectFrom("comments")
      .select("commentID")
      .where((eb) => eb.or([eb("insertUserID", "=", userID), eb("discussionID", "in", discussionIDs)]));
    const others = (
      await db
        .selectFrom("comments")
        .select("insertUserID")
        .distinct()
        .where("discussionID", "in", discussionIDs)
        .where("insertUserID", "!=", userID)
        .execute()
    ).map((row) => row.insertUserID);

    await removePosts(db, discussionIDs, commentIDs);
    await recountPostCounts(db, others, ["countComments"]);
  };

  return { removePosts, removeMemberPosts };
}

/** Blanks a member's discussions, keeping the threads readable (deleteMethod `wipe`, in the deletion's transaction). */
export async function wipeMemberDiscussions(db: Kysely<DB>, userID: number, now: string): Promise<void> {
  await db
    .updateTable("discussions")
    .set({ ...wipedBody, dateUpdated: now })
    .where("insertUserID", "=", userID)
    .execute();
}

/**
 * After a member's posts were deleted (`user.deleted`, deleteMethod `delete`): the discussions' comment
 * counts, the questions' statuses and the categories' counts, recounted in a transaction of their own.
 */
export async function recountAfterMemberPosts(db: Kysely<DB>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAllRows(trx, "discussions", "countComments");
    await trx
      .updateTable("discussions")
      .set((eb) => ({
        countComments: eb
          .selectFrom("comments")
          .select((inner) => inner.fn.countAll<number>().as("count"))
          .whereRef("comments.discussionID", "=", "discussions.discussionID"),
      }))
      .execute();
    // Questions whose answers went with the member: their status worked out again (the rows are locked).
    const questions = await trx
      .selectFrom("discussions")
      .select("discussionID")
      .where("type", "=", "question")
      .execute();
    for (const { discussionID } of questions) await refreshQuestion(trx, discussionID);
    await recountCategories(trx);
  });
}
