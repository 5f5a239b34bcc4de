import { sql, type Insertable, type Kysely } from "kysely";
import type { CommentsTable, DB } from "../../platform/db/schema.ts";

/** A comment brought from another forum with its own id (an import, features/import). */
export type ImportedComment = Insertable<CommentsTable> & { commentID: number };

/**
 * Inserts imported comments with their ids; one whose id is taken is left out. Counters are not touched: the
 * import recounts them once at its end. Returns the ids inserted.
 */
export async function insertImportedComments(db: Kysely<DB>, rows: ImportedComment[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("comments")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("commentID")
    .execute();
  return inserted.map((row) => row.commentID);
}

const RECOUNT_BATCH = 5_000;

/**
 * Every comment's score (its reactions' points), recounted after an import in batches by id (run while nothing
 * else writes: a recount by subquery, not the locked increments of live reactions).
 */
export async function recountImportedCommentScores(db: Kysely<DB>): Promise<void> {
  let after = -2_147_483_648;
  for (;;) {
    const batch = await db
      .selectFrom("comments")
      .select("commentID")
      .where("commentID", ">", after)
      .orderBy("commentID")
      .limit(RECOUNT_BATCH)
      .execute();
    if (batch.length === 0) return;
    const first = batch[0]!.commentID;
    const last = batch[batch.length - 1]!.commentID;
    // Only the rows whose score changes are written (most comments have no reaction): rewriting a million rows with
    // the value they hold was most of this recount's time on PostgreSQL (a new row version each, in every index).
    const total = sql`coalesce((select sum(t."points") from "reactions" r
        join "reactionTypes" t on t."tagID" = r."tagID"
        where r."recordType" = 'comment' and r."recordID" = "comments"."commentID"), 0)`;
    await sql`update "comments" set "score" = ${total}
      where "commentID" between ${first} and ${last} and "score" <> ${total}`.execute(db);
    after = last;
  }
}
