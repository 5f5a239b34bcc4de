import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { adjustCategoryCounts, adjustPostCount } from "./discussions.deps.ts";
import { hotScore } from "./discussions.hot.ts";
import { refreshQuestion } from "./questions.repo.ts";

/**
 * The counters a post changes, updated inside the post's own transaction: a category's counts and
 * its ancestors' totals, a member's post counts (each written by the feature that owns the table), a
 * discussion's comment count and last comment. Shared by
 * discussions, comments and moderation. A question's status is worked out again with its comment count. Every change is an increment in the database (`SET x = x + n`),
 * never a number read earlier and written back: concurrent writers on PostgreSQL would overwrite each
 * other's (platform/db/row-locks.ts).
 */
export function createCounters(db: Kysely<DB>) {
  return {
    /** Adds to a category's own counts and to its ancestors' totals (the first id is the category). */
    adjustCategories: (
      categoryIDs: number[],
      discussions: number,
      comments: number,
      last?: { discussionID: number; commentID: number | null; date: string },
    ) => adjustCategoryCounts(db, categoryIDs, discussions, comments, last),

    /**
     * Locks discussions' rows until the transaction ends and reads their comment counts and categories
     * under the lock (comments added or removed meanwhile wait, then count where the discussion is).
     */
    async lockDiscussions(
      discussionIDs: number[],
    ): Promise<Map<number, { countComments: number; categoryID: number }>> {
      const out = new Map<number, { countComments: number; categoryID: number }>();
      for (const discussionID of [...new Set(discussionIDs)].sort((a, b) => a - b)) {
        const row = await db
          .updateTable("discussions")
          .set((eb) => ({ countComments: eb("countComments", "+", 0) }))
          .where("discussionID", "=", discussionID)
          .returning(["countComments", "categoryID"])
          .executeTakeFirst();
        if (row) out.set(discussionID, { countComments: Number(row.countComments), categoryID: row.categoryID });
      }
      return out;
    },

    /**
     * Changes a discussion's comment count by `change` (or recounts it from its comments), then reads its
     * last comment back: the increment comes first and locks the discussion's row until the transaction
     * ends, so the recount and the last comment, read by later statements, see every writer before this one
     * (platform/db/row-locks.ts). A sunk discussion keeps its date. Undefined when the discussion is gone.
     */
    async refreshDiscussion(
      discussionID: number,
      change: number | "recount",
    ): Promise<{ countComments: number; categoryID: number } | undefined> {
      const locked = await db
        .updateTable("discussions")
        .set((eb) => ({ countComments: eb("countComments", "+", change === "recount" ? 0 : change) }))
        .where("discussionID", "=", discussionID)
        .returning([
          "countComments",
          "categoryID",
          "score",
          "sink",
          "dateLastComment",
          "dateInserted",
          "insertUserID",
          "type",
        ])
        .executeTakeFirst();
      if (!locked) return undefined;
      let countComments = Number(locked.countComments);
      if (change === "recount") {
        const recounted = await db
          .updateTable("discussions")
          .set((eb) => ({
            countComments: eb
              .selectFrom("comments")
              .select((inner) => inner.fn.countAll<number>().as("count"))
              .where("comments.discussionID", "=", discussionID),
          }))
          .where("discussionID", "=", discussionID)
          .returning("countComments")
          .executeTakeFirstOrThrow();
        countComments = Number(recounted.countComments);
      }
      const latest = await db
        .selectFrom("comments")
        .select(["commentID", "insertUserID", "dateInserted"])
        .where("discussionID", "=", discussionID)
        .orderBy("dateInserted", "desc")
        .orderBy("commentID", "desc")
        .limit(1)
        .executeTakeFirst();
      const dateLastComment =
        locked.sink === 1 ? locked.dateLastComment : (latest?.dateInserted ?? locked.dateInserted);
      await db
        .updateTable("discussions")
        .set({
          lastCommentID: latest?.commentID ?? null,
          lastUserID: latest?.insertUserID ?? locked.insertUserID,
          dateLastComment,
          hot: hotScore(dateLastComment, locked.score, countComments),
        })
        .where("discussionID", "=", discussionID)
        .execute();
      // A question's status follows its answers (the row is locked: later statements see every writer before).
      if (locked.type === "question") await refreshQuestion(db, discussionID);
      return { countComments, categoryID: locked.categoryID };
    },

    adjustUser: (userID: number, column: "countDiscussions" | "countComments", delta: number) =>
      adjustPostCount(db, userID, column, delta),
  };
}

/** Adds readers' page views (by discussion) to the discussions' `countViews`, in one transaction. */
export async function addDiscussionViews(db: Kysely<DB>, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [discussionID, count] of counts)
      await trx
        .updateTable("discussions")
        .set((eb) => ({ countViews: eb("countViews", "+", count) }))
        .where("discussionID", "=", discussionID)
        .execute();
  });
}

/**
 * Adds to a discussion's reaction score in the reaction's transaction (0 only locks the row until it ends);
 * false when the discussion is gone.
 */
export async function addDiscussionScore(db: Kysely<DB>, discussionID: number, delta: number): Promise<boolean> {
  const row = await db
    .updateTable("discussions")
    .set((eb) => ({ score: eb("score", "+", delta) }))
    .where("discussionID", "=", discussionID)
    .returning("discussionID")
    .executeTakeFirst();
  return row !== undefined;
}
