import { sql, type Insertable, type Kysely } from "kysely";
import type { DB, DiscussionsTable } from "../../platform/db/schema.ts";
import { lockRows } from "../../platform/db/row-locks.ts";
import { hotScore } from "./discussions.hot.ts";

/** A discussion brought from another forum with its own id (an import, features/import). */
export type ImportedDiscussion = Insertable<DiscussionsTable> & { discussionID: number };

/**
 * Inserts imported discussions with their ids; one whose id is taken is left out. Counters are not touched:
 * the import recounts them once at its end (`recountImportedDiscussions`). Returns the ids inserted.
 */
export async function insertImportedDiscussions(db: Kysely<DB>, rows: ImportedDiscussion[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("discussions")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("discussionID")
    .execute();
  return inserted.map((row) => row.discussionID);
}

/** A member's bookmark and read mark of an imported discussion. */
export type ImportedUserDiscussion = Insertable<DB["userDiscussions"]>;

/** Inserts imported members' bookmarks and read marks; pairs already there are left. Returns how many went in. */
export async function insertImportedUserDiscussions(db: Kysely<DB>, rows: ImportedUserDiscussion[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("userDiscussions")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.length;
}

const RECOUNT_BATCH = 1_000;

/** Discussions whose hot score one statement sets. */
const HOT_ROWS = 500;

/**
 * Every discussion's comment count, last comment and its author, date of last comment (a sunk discussion keeps
 * its own), score (its reactions' points) and hot score, recounted from the comments after an import or on an
 * administrator's request (`PUT /dba/recalculate-aggregates`), in batches by id; each batch's rows are locked
 * before they are recounted, so live writers are not lost (platform/db/row-locks.ts).
 */
export async function recountImportedDiscussions(db: Kysely<DB>, onProgress?: (done: number) => void): Promise<number> {
  // The smallest integer both engines bind for an integer column (PostgreSQL's int4).
  let after = -2_147_483_648;
  let done = 0;
  for (;;) {
    const batch = await db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", ">", after)
      .orderBy("discussionID")
      .limit(RECOUNT_BATCH)
      .execute();
    if (batch.length === 0) return done;
    const first = batch[0]!.discussionID;
    const last = batch[batch.length - 1]!.discussionID;
    await db.transaction().execute(async (trx) => {
      // Locked first, so the recounts below (later statements) see every comment whose count reached them before.
      await lockRows(
        trx,
        "discussions",
        "discussionID",
        batch.map((row) => row.discussionID),
        "countComments",
      );
      const inRange = sql`"discussionID" between ${first} and ${last}`;
      await sql`update "discussions" set
          "countComments" = (select count(*) from "comments" c where c."discussionID" = "discussions"."discussionID"),
          "lastCommentID" = (select c."commentID" from "comments" c where c."discussionID" = "discussions"."discussionID"
            order by c."dateInserted" desc, c."commentID" desc limit 1),
          "score" = coalesce((select sum(t."points") from "reactions" r join "reactionTypes" t on t."tagID" = r."tagID"
            where r."recordType" = 'discussion' and r."recordID" = "discussions"."discussionID"), 0)
        where ${inRange}`.execute(trx);
      await sql`update "discussions" set
          "lastUserID" = coalesce((select c."insertUserID" from "comments" c
            where c."commentID" = "discussions"."lastCommentID"), "insertUserID"),
          "dateLastComment" = case when "sink" = 1 then "dateLastComment" else coalesce((select c."dateInserted"
            from "comments" c where c."commentID" = "discussions"."lastCommentID"), "dateInserted") end
        where ${inRange}`.execute(trx);
      const rows = await trx
        .selectFrom("discussions")
        .select(["discussionID", "dateLastComment", "score", "countComments"])
        .where("discussionID", ">=", first)
        .where("discussionID", "<=", last)
        .execute();
      // A statement per HOT_ROWS discussions (a statement per row was a third of this recount on PostgreSQL).
      for (let start = 0; start < rows.length; start += HOT_ROWS) {
        const slice = rows.slice(start, start + HOT_ROWS);
        // Numbers computed here, written as literals: a parameter in a CASE has no type PostgreSQL can infer.
        const cases = slice.map((row) => {
          const hot = hotScore(String(row.dateLastComment), Number(row.score), Number(row.countComments));
          return sql`when ${sql.lit(row.discussionID)} then ${sql.lit(Number.isFinite(hot) ? hot : 0)}`;
        });
        await sql`update "discussions" set "hot" = case "discussionID" ${sql.join(cases, sql` `)} else "hot" end
          where "discussionID" in (${sql.join(slice.map((row) => sql.lit(row.discussionID)))})`.execute(trx);
      }
    });
    done += batch.length;
    after = last;
    onProgress?.(done);
  }
}
