import type { Insertable, Kysely } from "kysely";
import type { DB, DraftsTable } from "../../platform/db/schema.ts";

/** A draft brought from another forum with its own id (an import, features/import). */
export type ImportedDraft = Insertable<DraftsTable> & { draftID: number };

/** Inserts imported drafts with their ids; one whose id is taken is left out. Returns the ids inserted. */
export async function insertImportedDrafts(db: Kysely<DB>, rows: ImportedDraft[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("drafts")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("draftID")
    .execute();
  return inserted.map((row) => row.draftID);
}

/** Which of these drafts are there already, each with its author (a re-run skips its own rows only). */
export async function existingDrafts(db: Kysely<DB>, draftIDs: number[]): Promise<Map<number, number>> {
  if (draftIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("drafts")
    .select(["draftID", "insertUserID"])
    .where("draftID", "in", draftIDs)
    .execute();
  return new Map(rows.map((row) => [row.draftID, row.insertUserID]));
}
