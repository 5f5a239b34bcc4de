import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** How many discussions there are, or how many were posted since `since` (the site's totals). */
export async function countDiscussions(db: Kysely<DB>, since?: string): Promise<number> {
  let query = db.selectFrom("discussions").select((eb) => eb.fn.countAll<number | string>().as("count"));
  if (since !== undefined) query = query.where("dateInserted", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).count);
}
