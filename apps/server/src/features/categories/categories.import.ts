import type { Insertable, Kysely } from "kysely";
import type { CategoriesTable, DB } from "../../platform/db/schema.ts";
import { countFollowersFromFollows, recomputeDepths, recomputePermissionCategories } from "./categories.repo.ts";

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

/** A member's follow of an imported category (Vanilla's `GDN_UserCategory`). */
export type ImportedCategoryFollow = Insertable<DB["userCategories"]>;

/** Inserts imported members' follows; pairs already there are left. Returns how many went in. */
export async function insertImportedCategoryFollows(db: Kysely<DB>, rows: ImportedCategoryFollow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("userCategories")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.length;
}

/** After an import, while nothing else writes: every category's follower count, from the follows. */
export async function recountImportedCategoryFollowers(db: Kysely<DB>): Promise<void> {
  await db.updateTable("categories").set(countFollowersFromFollows).execute();
}
