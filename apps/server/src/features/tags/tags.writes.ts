import type { Kysely, SelectQueryBuilder } from "kysely";
import { lockAllRows } from "../../platform/db/row-locks.ts";
import type { DB } from "../../platform/db/schema.ts";

/* Writes of the tags tables that other features ask for, inside their own transaction (`db` is it). */

/** Tags' discussion counts recounted from their links, after content went away in bulk (rows locked first). */
export async function recountTagCounts(db: Kysely<DB>): Promise<void> {
  await lockAllRows(db, "tags", "countDiscussions");
  await db
    .updateTable("tags")
    .set((eb) => ({
      countDiscussions: eb
        .selectFrom("tagDiscussions")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("tagDiscussions.tagID", "=", "tags.tagID"),
    }))
    .execute();
}

/** Unlinks discussions from their tags (the discussions are about to go). */
export async function removeDiscussionTags(
  db: Kysely<DB>,
  discussionIDs: SelectQueryBuilder<DB, "discussions", { discussionID: number }>,
): Promise<void> {
  await db.deleteFrom("tagDiscussions").where("discussionID", "in", discussionIDs).execute();
}
