import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/**
 * Adds to a category's own counts and to its ancestors' totals (the first id is the category), inside the
 * post's transaction (`db` is it): increments in the database, never a number read earlier and written back
 * (platform/db/row-locks.ts). The last post moves only forward.
 */
export async function adjustCategoryCounts(
  db: Kysely<DB>,
  categoryIDs: number[],
  discussions: number,
  comments: number,
  last?: { discussionID: number; commentID: number | null; date: string },
): Promise<void> {
  if (categoryIDs.length === 0) return;
  const [own, ...ancestors] = categoryIDs;
  await db
    .updateTable("categories")
    .set((eb) => {
      const newer = () => eb.or([eb("dateLastPost", "is", null), eb("dateLastPost", "<=", last!.date)]);
      return {
        countDiscussions: eb("countDiscussions", "+", discussions),
        countComments: eb("countComments", "+", comments),
        countAllDiscussions: eb("countAllDiscussions", "+", discussions),
        countAllComments: eb("countAllComments", "+", comments),
        // The last post moves only forward: a writer that commits after a later one keeps the later.
        ...(last
          ? {
              lastDiscussionID: eb.case().when(newer()).then(last.discussionID).else(eb.ref("lastDiscussionID")).end(),
              lastCommentID: eb.case().when(newer()).then(last.commentID).else(eb.ref("lastCommentID")).end(),
              dateLastPost: eb.case().when(newer()).then(last.date).else(eb.ref("dateLastPost")).end(),
            }
          : {}),
      };
    })
    .where("categoryID", "=", own!)
    .execute();
  if (ancestors.length) {
    await db
      .updateTable("categories")
      .set((eb) => {
        const newer = () => eb.or([eb("dateLastPost", "is", null), eb("dateLastPost", "<=", last!.date)]);
        return {
          countAllDiscussions: eb("countAllDiscussions", "+", discussions),
          countAllComments: eb("countAllComments", "+", comments),
          ...(last ? { dateLastPost: eb.case().when(newer()).then(last.date).else(eb.ref("dateLastPost")).end() } : {}),
        };
      })
      .where("categoryID", "in", ancestors)
      .execute();
  }
}
