import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** How many comments there are, or how many were posted since `since` (the site's totals). */
export async function countComments(db: Kysely<DB>, since?: string): Promise<number> {
  let query = db.selectFrom("comments").select((eb) => eb.fn.countAll<number | string>().as("count"));
  if (since !== undefined) query = query.where("dateInserted", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).count);
}
