import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** How many members there are (deleted accounts aside), or how many joined since `since` (the site's totals). */
export async function countMembers(db: Kysely<DB>, since?: string): Promise<number> {
  let query = db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("deleted", "=", 0);
  if (since !== undefined) query = query.where("dateInserted", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).count);
}
