import type { Kysely } from "kysely";
import type { UserRow } from "../../platform/auth/auth.repo.ts";
import type { DB } from "../../platform/db/schema.ts";

/** A discussion as a digest lists it. */
export interface DigestDiscussion {
  discussionID: number;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  score: number;
  countComments: number;
  dateInserted: string;
  insertUserID: number;
}

/** The digest's SQL: members who opted in, the claim of each member's digest, and the discussions it lists. */
export function createDigestRepo(db: Kysely<DB>, digestPreferenceKey: string) {
  return {
    /** Opted-in members with an address, after `afterUserID`, in userID order (a batch). */
    async subscribers(afterUserID: number, limit: number): Promise<UserRow[]> {
      return db
        .selectFrom("users")
        .innerJoin("notificationPreferences as p", "p.userID", "users.userID")
        .selectAll("users")
        .where("p.preference", "=", digestPreferenceKey)
        .where("p.value", "=", 1)
        .where("users.userID", ">", afterUserID)
        .where("users.deleted", "=", 0)
        .where("users.banned", "=", 0)
        .where("users.email", "!=", "")
        .orderBy("users.userID")
        .limit(limit)
        .execute();
    },

    async countSubscribers(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .innerJoin("notificationPreferences as p", "p.userID", "users.userID")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("p.preference", "=", digestPreferenceKey)
        .where("p.value", "=", 1)
        .where("users.deleted", "=", 0)
        .where("users.banned", "=", 0)
        .where("users.email", "!=", "")
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * The members the backfill would opt in: not deleted, last active on or after `since`, with no digest value
     * stored (neither yes nor no), in userID order.
     */
    async backfillCandidates(since: string): Promise<number[]> {
      const rows = await db
        .selectFrom("users")
        .select("users.userID")
        .where("users.deleted", "=", 0)
        .where("users.dateLastActive", ">=", since)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("notificationPreferences as p")
                .select("p.userID")
                .whereRef("p.userID", "=", "users.userID")
                .where("p.preference", "=", digestPreferenceKey),
            ),
          ),
        )
        .orderBy("users.userID")
        .execute();
      return rows.map((row) => row.userID);
    },

    async user(userID: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst();
    },

    /**
     * Claims these members' digest of `dateScheduled`: one row each, inserted unless there is one (the primary
     * key). The members returned are the ones this call claimed; a concurrent runner's claim returns the others.
     */
    async claim(userIDs: number[], dateScheduled: string, now: string): Promise<number[]> {
      if (!userIDs.length) return [];
      const rows = await db
        .insertInto("digestDeliveries")
        .values(userIDs.map((userID) => ({ userID, dateScheduled, status: "sending", dateInserted: now })))
        .onConflict((oc) => oc.columns(["userID", "dateScheduled"]).doNothing())
        .returning("userID")
        .execute();
      return rows.map((row) => row.userID);
    },

    async finish(
      userID: number,
      dateScheduled: string,
      status: "sent" | "skipped" | "failed",
      countDiscussions: number,
      now: string,
    ): Promise<void> {
      await db
        .updateTable("digestDeliveries")
        .set({ status, countDiscussions, dateSent: status === "sent" ? now : null })
        .where("userID", "=", userID)
        .where("dateScheduled", "=", dateScheduled)
        .where("status", "=", "sending")
        .execute();
    },

    /** The last digests sent, newest first, with how many members got each. */
    async sentDigests(limit: number): Promise<Array<{ dateScheduled: string; total: number }>> {
      const rows = await db
        .selectFrom("digestDeliveries")
        .select((eb) => ["dateScheduled", eb.fn.countAll<number | string>().as("total")])
        .where("status", "=", "sent")
        .groupBy("dateScheduled")
        .orderBy("dateScheduled", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ dateScheduled: String(row.dateScheduled), total: Number(row.total) }));
    },

    /** The digests of `dateScheduled` already claimed, by member (a test's check, and a run's count). */
    async deliveriesOf(dateScheduled: string) {
      return db
        .selectFrom("digestDeliveries")
        .select(["userID", "status", "countDiscussions"])
        .where("dateScheduled", "=", dateScheduled)
        .orderBy("userID")
        .execute();
    },

    /**
     * The best discussions started in [since, until) in these categories: score, then comments, then the newest.
     */
    async bestDiscussions(
      categoryIDs: number[],
      since: string,
      until: string,
      limit: number,
    ): Promise<DigestDiscussion[]> {
      if (!categoryIDs.length) return [];
      return db
        .selectFrom("discussions")
        .select([
          "discussionID",
          "categoryID",
          "name",
          "body",
          "format",
          "score",
          "countComments",
          "dateInserted",
          "insertUserID",
        ])
        .where("categoryID", "in", categoryIDs)
        .where("dateInserted", ">=", since)
        .where("dateInserted", "<", until)
        .orderBy("score", "desc")
        .orderBy("countComments", "desc")
        .orderBy("dateInserted", "desc")
        .orderBy("discussionID", "desc")
        .limit(limit)
        .execute();
    },
  };
}

export type DigestRepo = ReturnType<typeof createDigestRepo>;
