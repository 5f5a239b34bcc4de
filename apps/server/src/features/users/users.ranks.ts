import type { Kysely } from "kysely";
import type { UserRank } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";

/*
 * Members' ranks (the ranks add-on; the definitions are reputation's `ranks.*.ts`): the highest rank whose criteria
 * all hold, kept by the writes that move a member's points or post counts, in their transaction (`db` is it), and
 * by a daily job for the days since joining. A rank set by hand (`rankManual`) is left alone.
 */

const DAY_MS = 86_400_000;

interface RankCriteria {
  rankID: number;
  minPoints: number;
  minPosts: number;
  minDays: number;
}

interface MemberFacts {
  points: number;
  countDiscussions: number;
  countComments: number;
  dateInserted: string | Date;
}

const byLevelDesc = (db: Kysely<DB>) =>
  db
    .selectFrom("ranks")
    .select(["rankID", "minPoints", "minPosts", "minDays"])
    .orderBy("level", "desc")
    .orderBy("rankID", "desc")
    .execute();

/** The highest rank (ranks by level, highest first) whose criteria the member meets at `nowMs`; null for none. */
function rankOf(ranks: readonly RankCriteria[], member: MemberFacts, nowMs: number): number | null {
  const days = Math.max(0, (nowMs - new Date(member.dateInserted).getTime()) / DAY_MS);
  const posts = member.countDiscussions + member.countComments;
  const rank = ranks.find((r) => member.points >= r.minPoints && posts >= r.minPosts && days >= r.minDays);
  return rank?.rankID ?? null;
}

/** Recomputes these members' ranks (those not set by hand), in the caller's transaction; in id order. */
export async function recomputeRanks(db: Kysely<DB>, userIDs: Iterable<number>, nowMs = Date.now()): Promise<void> {
  const ids = [...new Set(userIDs)].filter((id) => id > 0).sort((a, b) => a - b);
  if (ids.length === 0) return;
  const ranks = await byLevelDesc(db);
  const members = await db
    .selectFrom("users")
    .select(["userID", "rankID", "points", "countDiscussions", "countComments", "dateInserted"])
    .where("userID", "in", ids)
    .where("rankManual", "=", 0)
    .orderBy("userID")
    .execute();
  for (const member of members) {
    const rankID = rankOf(ranks, member, nowMs);
    if (rankID !== member.rankID)
      await db
        .updateTable("users")
        .set({ rankID })
        .where("userID", "=", member.userID)
        .where("rankManual", "=", 0)
        .execute();
  }
}

/**
 * Every member's rank again (the daily job for the days since joining, and after an administrator changes the
 * ranks): set-based, rank by rank from the lowest level, so the highest whose criteria hold is the one that stays.
 */
export async function recomputeAllRanks(db: Kysely<DB>, nowMs = Date.now()): Promise<void> {
  const ranks = (await byLevelDesc(db)).reverse();
  const inTransaction = (work: (trx: Kysely<DB>) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await trx
      .updateTable("users")
      .set({ rankID: null })
      .where("rankManual", "=", 0)
      .where("rankID", "is not", null)
      .execute();
    for (const rank of ranks) {
      const joinedBy = new Date(nowMs - rank.minDays * DAY_MS).toISOString();
      await trx
        .updateTable("users")
        .set({ rankID: rank.rankID })
        .where("rankManual", "=", 0)
        .where("points", ">=", rank.minPoints)
        .where((eb) => eb(eb("countDiscussions", "+", eb.ref("countComments")), ">=", rank.minPosts))
        .where("dateInserted", "<=", joinedBy)
        .execute();
    }
  });
}

/** The ranks' fragments (`rankID`, `name`, `userTitle`: the label beside a name), by id. */
export async function rankFragments(db: Kysely<DB>, rankIDs: Iterable<number | null>): Promise<Map<number, UserRank>> {
  const ids = [...new Set([...rankIDs].filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("ranks")
    .select(["rankID", "name", "userTitle"])
    .where("rankID", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.rankID, row]));
}

/**
 * A rank deleted (in the caller's transaction): its members, by hand or not, lose it and get the computed one again
 * once the rank row is gone (`afterwards`, the ranks feature's deletion of its row).
 */
export async function releaseRank(
  db: Kysely<DB>,
  rankID: number,
  afterwards: () => Promise<void>,
  nowMs = Date.now(),
): Promise<void> {
  const holders = await db.selectFrom("users").select("userID").where("rankID", "=", rankID).execute();
  await db.updateTable("users").set({ rankID: null, rankManual: 0 }).where("rankID", "=", rankID).execute();
  await afterwards();
  await recomputeRanks(
    db,
    holders.map((row) => row.userID),
    nowMs,
  );
}

/** `PUT /users/{id}/rank` (in the caller's transaction): a rank set by hand, or (null) the computed one again. */
export async function setManualRank(
  db: Kysely<DB>,
  userID: number,
  rankID: number | null,
  nowMs = Date.now(),
): Promise<number | null> {
  await db
    .updateTable("users")
    .set({ rankID, rankManual: rankID === null ? 0 : 1 })
    .where("userID", "=", userID)
    .execute();
  if (rankID === null) await recomputeRanks(db, [userID], nowMs);
  const row = await db.selectFrom("users").select("rankID").where("userID", "=", userID).executeTakeFirst();
  return row?.rankID ?? null;
}
