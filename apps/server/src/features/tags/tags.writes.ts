import type { Kysely, SelectQueryBuilder } from "kysely";
import { lockAllRows, lockRowsExclusively } from "../../platform/db/row-locks.ts";
import type { DB } from "../../platform/db/schema.ts";

/* Writes of the tags tables that other features ask for, inside their own transaction (`db` is it). */

/**
 * Tags' discussion counts recounted from their links, after content went away in bulk (rows locked first):
 * `tagIDs`' alone when given (the tags of what went, from `tagsOfDiscussions`), else every tag's.
 */
export async function recountTagCounts(db: Kysely<DB>, tagIDs?: readonly number[]): Promise<void> {
  if (tagIDs?.length === 0) return;
  if (tagIDs) await lockRowsExclusively(db, "tags", "tagID", tagIDs);
  else await lockAllRows(db, "tags", "countDiscussions");
  let update = db.updateTable("tags").set((eb) => ({
    countDiscussions: eb
      .selectFrom("tagDiscussions")
      .select((e) => e.fn.countAll<number>().as("n"))
      .whereRef("tagDiscussions.tagID", "=", "tags.tagID"),
  }));
  if (tagIDs) update = update.where("tagID", "in", tagIDs);
  await update.execute();
}

/** The tags these discussions carry, each once (to recount just those once the discussions are gone). */
export async function tagsOfDiscussions(db: Kysely<DB>, discussionIDs: readonly number[]): Promise<number[]> {
  if (discussionIDs.length === 0) return [];
  const rows = await db
    .selectFrom("tagDiscussions")
    .select("tagID")
    .distinct()
    .where("discussionID", "in", discussionIDs)
    .execute();
  return rows.map((row) => row.tagID);
}

/** Unlinks discussions from their tags (the discussions are about to go). */
export async function removeDiscussionTags(
  db: Kysely<DB>,
  discussionIDs: SelectQueryBuilder<DB, "discussions", { discussionID: number }>,
): Promise<void> {
  await db.deleteFrom("tagDiscussions").where("discussionID", "in", discussionIDs).execute();
}
