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

  const counted =
    filter.type === "posts"
      ? db
          .selectFrom("discussions")
          .select(["discussions.insertUserID as userID"])
          .$if(filter.since !== null, (query) => query.where("discussions.dateInserted", ">=", filter.since!))
          .$if(filter.categoryID > 0, (query) => query.where("discussions.categoryID", "=", filter.categoryID))
          .unionAll(
            db
              .selectFrom("comments")
              .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
              .select(["comments.insertUserID as userID"])
              .$if(filter.since !== null, (query) => query.where("comments.dateInserted", ">=", filter.since!))
              .$if(filter.categoryID > 0, (query) => query.where("discussions.categoryID", "=", filter.categoryID)),
          )
      : db
          .selectFrom("answers")
          .innerJoin("comments", "comments.commentID", "answers.commentID")
          .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
          .select(["comments.insertUserID as userID"])
          .where("answers.status", "=", "accepted")
          .$if(filter.since !== null, (query) => query.where("answers.dateAccepted", ">=", filter.since!))
          .$if(filter.categoryID > 0, (query) => query.where("discussions.categoryID", "=", filter.categoryID));
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
