import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/*
 * Writes of the notifications table that other features ask for, inside their own transaction (`db` is it):
 * deleted records' notifications, and those of posts that discussions merge, split or delete (handed to
 * discussions by app.ts: notifications imports discussions).
 */

/** Deletes the notifications about records that are going (in the caller's transaction). */
export async function removeNotificationsAbout<Table extends keyof DB>(
  db: Kysely<DB>,
  recordType: string,
  recordIDs: number[] | SelectQueryBuilder<DB, Table, { [column: string]: number }>,
): Promise<void> {
  if (Array.isArray(recordIDs) && recordIDs.length === 0) return;
  await db
    .deleteFrom("notifications")
    .where("recordType", "=", recordType)
    .where("recordID", "in", recordIDs)
    .execute();
}

/** Deletes the notifications in or about discussions and about comments that go, in the caller's transaction. */
export async function removeNotificationsAboutPosts(
  db: Kysely<DB>,
  discussionIDs: SelectQueryBuilder<DB, "discussions", { discussionID: number }>,
  commentIDs: SelectQueryBuilder<DB, "comments", { commentID: number }>,
): Promise<void> {
  await db
    .deleteFrom("notifications")
    .where((eb) =>
      eb.or([
        eb("discussionID", "in", discussionIDs),
        eb.and([eb("recordType", "=", "discussion"), eb("recordID", "in", discussionIDs)]),
        eb.and([eb("recordType", "=", "comment"), eb("recordID", "in", commentIDs)]),
      ]),
    )
    .execute();
}

/** The notifications about these comments follow them to another discussion (split), in the split's transaction. */
export async function moveCommentNotifications(
  db: Kysely<DB>,
  commentIDs: number[],
  toDiscussionID: number,
): Promise<void> {
  if (commentIDs.length === 0) return;
  await db
    .updateTable("notifications")
    .set({ discussionID: toDiscussionID })
    .where("recordType", "=", "comment")
    .where("recordID", "in", commentIDs)
    .execute();
}

/** The notifications about these discussions' comments follow them into another (merge), in the merge's transaction. */
export async function moveDiscussionCommentNotifications(
  db: Kysely<DB>,
  fromDiscussionIDs: number[],
  toDiscussionID: number,
): Promise<void> {
  if (fromDiscussionIDs.length === 0) return;
  await db
    .updateTable("notifications")
    .set({ discussionID: toDiscussionID })
    .where("recordType", "=", "comment")
    .where("discussionID", "in", fromDiscussionIDs)
    .execute();
}
