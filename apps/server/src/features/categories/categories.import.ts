import type { Insertable, Kysely } from "kysely";
import type { CategoriesTable, DB } from "../../platform/db/schema.ts";
import { recomputeDepths, recomputePermissionCategories } from "./categories.repo.ts";

/** A category brought from another forum with its own id (an import, features/import). */
export type ImportedCategory = Insertable<CategoriesTable> & { categoryID: number };

/**
 * Inserts imported categories with their ids, parents before children (the caller's order); a row whose id or
 * urlcode is taken is left out. Returns the ids inserted.
 */
export async function insertImportedCategories(db: Kysely<DB>, rows: ImportedCategory[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("categories")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("categoryID")
    .execute();
  return inserted.map((row) => row.categoryID);
}

/** After an import: every category's depth and the category whose permissions it uses, from the tree. */
export async function settleImportedCategories(db: Kysely<DB>): Promise<void> {
  await recomputeDepths(db);
  await recomputePermissionCategories(db);
}
