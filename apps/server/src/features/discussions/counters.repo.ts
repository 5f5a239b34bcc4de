import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/**
 * The counters a post changes, updated inside the post's own transaction: a category's counts and
 * its ancestors' totals, a member's post counts. Shared by discussions and comments.
 */
export function createCounters(db: Kysely<DB>) {
  return {
    /** Adds to a category's own counts and to its ancestors' totals (the first id is the category). */
    async adjustCategories(
      categoryIDs: number[],
      discussions: number,
      comments: number,
      last?: { discussionID: number; commentID: number | null; date: string },
    ): Promise<void> {
      if (categoryIDs.length === 0) return;
      const [own, ...ancestors] = categoryIDs;
      await db
        .updateTable("categories")
        .set((eb) => ({
          countDiscussions: eb("countDiscussions", "+", discussions),
          countComments: eb("countComments", "+", comments),
          countAllDiscussions: eb("countAllDiscussions", "+", discussions),
          countAllComments: eb("countAllComments", "+", comments),
          ...(last
            ? { lastDiscussionID: last.discussionID, lastCommentID: last.commentID, dateLastPost: last.date }
            : {}),
        }))
        .where("categoryID", "=", own!)
        .execute();
      if (ancestors.length) {
        await db
          .updateTable("categories")
          .set((eb) => ({
            countAllDiscussions: eb("countAllDiscussions", "+", discussions),
            countAllComments: eb("countAllComments", "+", comments),
            ...(last ? { dateLastPost: last.date } : {}),
          }))
          .where("categoryID", "in", ancestors)
          .execute();
      }
    },

    async adjustUser(userID: number, column: "countDiscussions" | "countComments", delta: number): Promise<void> {
      await db
        .updateTable("users")
        .set((eb) => ({ [column]: eb(column, "+", delta) }))
        .where("userID", "=", userID)
        .execute();
    },
  };
}

export type Counters = ReturnType<typeof createCounters>;
