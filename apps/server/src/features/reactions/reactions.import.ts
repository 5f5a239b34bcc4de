import type { Insertable, Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** A member's reaction to a post, brought from another forum (an import, features/import). */
export type ImportedReaction = Insertable<DB["reactions"]>;

/**
 * Inserts imported reactions; a member's second reaction to the same post is left out (Parley keeps one per member
 * and post). The posts' scores are recounted once at the import's end. Returns how many went in.
 */
export async function insertImportedReactions(db: Kysely<DB>, rows: ImportedReaction[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("reactions")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.length;
}

/** The reaction types by their urlcode folded (lowercase, letters and digits only: Vanilla's `OffTopic` is `off-topic`). */
export async function reactionTypesByCode(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await db.selectFrom("reactionTypes").select(["tagID", "urlcode"]).execute();
  return new Map(rows.map((row) => [foldReactionCode(row.urlcode), row.tagID]));
}

export const foldReactionCode = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, "");
