import type { Kysely } from "kysely";
import { ROOT_CATEGORY_ID } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";

/** How many categories the forum has: not the root, nor the categories groups keep their posts in. */
export async function countCategories(db: Kysely<DB>, categoryIDs?: number[]): Promise<number> {
  if (categoryIDs?.length === 0) return 0;
  let query = db
    .selectFrom("categories")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("categoryID", "<>", ROOT_CATEGORY_ID)
    .where("groupID", "is", null);
  if (categoryIDs) query = query.where("categoryID", "in", categoryIDs);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}
