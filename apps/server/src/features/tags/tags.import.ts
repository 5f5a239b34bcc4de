import type { Insertable, Kysely } from "kysely";
import type { DB, TagsTable } from "../../platform/db/schema.ts";

/** A tag brought from another forum with its own id (an import, features/import). */
export type ImportedTag = Insertable<TagsTable> & { tagID: number };

/**
 * Inserts imported tags with their ids; one whose id or urlcode is taken is left out. Their discussion counts are
 * recounted once at the import's end (`recountTagCounts`). Returns the ids inserted.
 */
export async function insertImportedTags(db: Kysely<DB>, rows: ImportedTag[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("tags")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("tagID")
    .execute();
  return inserted.map((row) => row.tagID);
}

/** Tags imported discussions; pairs already there are left as they are. Returns how many went in. */
export async function insertImportedTagDiscussions(
  db: Kysely<DB>,
  rows: Array<{ tagID: number; discussionID: number; dateInserted: string }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("tagDiscussions")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("tagID")
    .execute();
  return inserted.length;
}
