import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** A discussion as a sitemap lists it: its address's parts and when it last changed. */
export interface SitemapDiscussion {
  discussionID: number;
  name: string;
  /** The last comment's date, or the posting date (stored form). */
  lastActive: string;
}

/** Rows read per query while a sitemap is written: the document grows, the rows in memory stay few. */
const BATCH = 5_000;

/**
 * How many discussions each category holds and its newest activity, for the sitemap index (`discussions` has
 * no held or deleted rows: premoderation writes nothing until approval, deletion removes the row).
 */
export async function sitemapDiscussionTotals(
  db: Kysely<DB>,
  categoryIDs: number[],
): Promise<Array<{ categoryID: number; count: number; lastActive: string }>> {
  if (categoryIDs.length === 0) return [];
  const rows = await db
    .selectFrom("discussions")
    .select((eb) => [
      "categoryID",
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.max("dateLastComment").as("lastActive"),
    ])
    .where("categoryID", "in", categoryIDs)
    .groupBy("categoryID")
    .execute();
  return rows.map((row) => ({ categoryID: row.categoryID, count: Number(row.count), lastActive: row.lastActive }));
}

/**
 * One chunk of a category's discussions in id order (the `offset`-th to the `offset + limit`-th), read in
 * keyset batches on `discussions_category_id` (0051): the first id by one index-only skip, then
 * `discussionID > last` a batch at a time.
 */
export async function* sitemapDiscussionChunk(
  db: Kysely<DB>,
  categoryID: number,
  offset: number,
  limit: number,
): AsyncGenerator<SitemapDiscussion> {
  const start = await db
    .selectFrom("discussions")
    .select("discussionID")
    .where("categoryID", "=", categoryID)
    .orderBy("discussionID")
    .offset(offset)
    .limit(1)
    .executeTakeFirst();
  if (!start) return;
  let after = start.discussionID - 1;
  let left = limit;
  while (left > 0) {
    const rows = await db
      .selectFrom("discussions")
      .select(["discussionID", "name", "dateInserted", "dateLastComment"])
      .where("categoryID", "=", categoryID)
      .where("discussionID", ">", after)
      .orderBy("discussionID")
      .limit(Math.min(BATCH, left))
      .execute();
    for (const row of rows)
      yield { discussionID: row.discussionID, name: row.name, lastActive: row.dateLastComment ?? row.dateInserted };
    if (rows.length < Math.min(BATCH, left)) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.discussionID;
  }
}
