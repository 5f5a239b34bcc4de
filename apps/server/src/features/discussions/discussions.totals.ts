import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** How many discussions there are, or how many were posted since `since` (the site's totals). */
export async function countDiscussions(db: Kysely<DB>, since?: string, categoryIDs?: number[]): Promise<number> {
  if (categoryIDs?.length === 0) return 0;
  let query = db.selectFrom("discussions").select((eb) => eb.fn.countAll<number | string>().as("count"));
  if (since !== undefined) query = query.where("dateInserted", ">=", since);
  if (categoryIDs) query = query.where("categoryID", "in", categoryIDs);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** The lowest and highest discussion ids and how many there are (`GET /resources/discussion`'s crawl). */
export async function discussionIDRange(db: Kysely<DB>): Promise<{ min: number; max: number; count: number }> {
  const row = await db
    .selectFrom("discussions")
    .select((eb) => [
      eb.fn.min("discussionID").as("min"),
      eb.fn.max("discussionID").as("max"),
      eb.fn.countAll<number | string>().as("count"),
    ])
    .executeTakeFirstOrThrow();
  return { min: Number(row.min ?? 0), max: Number(row.max ?? 0), count: Number(row.count) };
}
