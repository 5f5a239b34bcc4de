import type { Kysely } from "kysely";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { usersPolicy } from "./users.policy.ts";

/** Whether the viewer may read members' profiles (a sitemap lists profiles only when guests may). */
export const profilesReadableBy = (viewer: Viewer): boolean => usersPolicy.canViewProfiles(viewer);

/** The profiles anyone may read in full: neither deleted, banned nor private. */
const publicProfiles = (db: Kysely<DB>) =>
  db.selectFrom("users").where("deleted", "=", 0).where("banned", "=", 0).where("private", "=", 0);

/** How many public profiles there are and the newest activity among them (the sitemap index). */
export async function sitemapProfileTotals(db: Kysely<DB>): Promise<{ count: number; lastActive: string | null }> {
  const row = await publicProfiles(db)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.max(eb.fn.coalesce("dateLastActive", "dateInserted")).as("lastActive"),
    ])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), lastActive: row?.lastActive ?? null };
}

/** One chunk of public profiles in id order, read in keyset batches: name and last activity. */
export async function* sitemapProfileChunk(
  db: Kysely<DB>,
  offset: number,
  limit: number,
): AsyncGenerator<{ name: string; lastActive: string }> {
  const batch = 5_000;
  let after = 0;
  let skip = offset;
  let left = limit;
  while (left > 0) {
    const rows = await publicProfiles(db)
      .select(["userID", "name", "dateInserted", "dateLastActive"])
      .where("userID", ">", after)
      .orderBy("userID")
      .offset(skip)
      .limit(Math.min(batch, left))
      .execute();
    skip = 0;
    for (const row of rows) yield { name: row.name, lastActive: row.dateLastActive ?? row.dateInserted };
    if (rows.length < Math.min(batch, left)) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.userID;
  }
}
