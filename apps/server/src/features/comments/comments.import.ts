import type { Insertable, Kysely } from "kysely";
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
