import type { ExpressionBuilder, Kysely } from "kysely";
import type { LeaderboardType } from "@parley/contracts";
import type { DB } from "../../platform/db/schema.ts";

export interface LeadersFilter {
  type: LeaderboardType;
  /** The slot's start (`YYYY-MM-DD`) as the ledger keys it; `since` the same as a date for the counted rows (null: all time). */
  timeSlot: string;
  slotType: string;
  since: string | null;
  /** 0: every category. */
  categoryID: number;
  /** A subcommunity's categories (issue 40): the points and posts earned in any of them (instead of `categoryID`). */
  categoryIDs?: readonly number[];
  limit: number;
  excludeAdmins: boolean;
  includePrivate: boolean;
}

/**
 * The leaderboards' SQL: points are one indexed read of the ledger (`userPoints_board`); posts and accepted answers
 * are counted from the posts since the slot's start. Banned and deleted members (and, as configured, administrators
 * and private profiles) are left off; ties go to the earlier member.
 */
export async function leaders(
  db: Kysely<DB>,
  filter: LeadersFilter,
): Promise<Array<{ userID: number; points: number }>> {
  const eligible = (eb: ExpressionBuilder<DB, "users">) =>
    eb.and([
      eb("users.deleted", "=", 0),
      eb("users.banned", "=", 0),
      ...(filter.excludeAdmins ? [eb("users.isAdmin", "=", 0)] : []),
      ...(filter.includePrivate ? [] : [eb("users.private", "=", 0)]),
    ]);

  const { categoryIDs } = filter;
  if (categoryIDs?.length === 0) return [];
  if (filter.type === "reputation" && categoryIDs) {
    // A section's: its categories' ledger rows added up per member (each post's points are in one category's row).
    const rows = await db
      .selectFrom("userPoints")
      .innerJoin("users", "users.userID", "userPoints.userID")
      .select((eb) => ["userPoints.userID", eb.fn.sum<number>("userPoints.points").as("points")])
      .where("userPoints.slotType", "=", filter.slotType)
      .where("userPoints.timeSlot", "=", filter.timeSlot)
      .where("userPoints.categoryID", "in", categoryIDs)
      .where(eligible)
      .groupBy("userPoints.userID")
      .having((eb) => eb.fn.sum("userPoints.points"), ">", 0)
      .orderBy("points", "desc")
      .orderBy("userPoints.userID")
      .limit(filter.limit)
      .execute();
    return rows.map((row) => ({ userID: row.userID, points: Number(row.points) }));
  }
  if (filter.type === "reputation") {
    // Joined rather than `userID in (members)`: the ledger's index is walked from the top and each row's member
    // looked up by key until the page is full (SQLite otherwise lists every member first: 2 ms at 10,000 members).
    return db
      .selectFrom("userPoints")
      .innerJoin("users", "users.userID", "userPoints.userID")
      .select(["userPoints.userID", "userPoints.points"])
      .where("userPoints.slotType", "=", filter.slotType)
      .where("userPoints.timeSlot", "=", filter.timeSlot)
      .where("userPoints.categoryID", "=", filter.categoryID)
      .where("userPoints.points", ">", 0)
      .where(eligible)
      .orderBy("userPoints.points", "desc")
      .orderBy("userPoints.userID")
      .limit(filter.limit)
      .execute();
  }

  const inCategories = categoryIDs ? [...categoryIDs] : filter.categoryID > 0 ? [filter.categoryID] : null;
  const counted =
    filter.type === "posts"
      ? db
          .selectFrom("discussions")
          .select(["discussions.insertUserID as userID"])
          .$if(filter.since !== null, (query) => query.where("discussions.dateInserted", ">=", filter.since!))
          .$if(inCategories !== null, (query) => query.where("discussions.categoryID", "in", inCategories!))
          .unionAll(
            db
              .selectFrom("comments")
              .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
              .select(["comments.insertUserID as userID"])
              .$if(filter.since !== null, (query) => query.where("comments.dateInserted", ">=", filter.since!))
              .$if(inCategories !== null, (query) => query.where("discussions.categoryID", "in", inCategories!)),
          )
      : db
          .selectFrom("answers")
          .innerJoin("comments", "comments.commentID", "answers.commentID")
          .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
          .select(["comments.insertUserID as userID"])
          .where("answers.status", "=", "accepted")
          .$if(filter.since !== null, (query) => query.where("answers.dateAccepted", ">=", filter.since!))
          .$if(inCategories !== null, (query) => query.where("discussions.categoryID", "in", inCategories!));
  const rows = await db
    .selectFrom(counted.as("counted"))
    .select((eb) => ["counted.userID", eb.fn.countAll<number>().as("points")])
    .where("counted.userID", "in", db.selectFrom("users").select("users.userID").where(eligible))
    .groupBy("counted.userID")
    .orderBy("points", "desc")
    .orderBy("counted.userID")
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({ userID: row.userID, points: Number(row.points) }));
}
