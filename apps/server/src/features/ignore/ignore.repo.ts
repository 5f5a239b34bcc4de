import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** The only file with the ignore feature's SQL: the `ignoredUsers` table it owns, and reads of members. */
export function createIgnoreRepo(db: Kysely<DB>) {
  return {
    withTransaction: (trx: Kysely<DB>) => createIgnoreRepo(trx),

    /** The members a member ignores (deleted accounts left out), the latest first. */
    ignoredBy: (userID: number) =>
      db
        .selectFrom("ignoredUsers")
        .innerJoin("users", "users.userID", "ignoredUsers.ignoredUserID")
        .select(["ignoredUsers.ignoredUserID", "ignoredUsers.dateIgnored"])
        .where("ignoredUsers.userID", "=", userID)
        .where("users.deleted", "=", 0)
        .orderBy("ignoredUsers.dateIgnored", "desc")
        .orderBy("ignoredUsers.ignoredUserID")
        .execute(),

    /** Of `userIDs`, those who ignore `ignoredUserID`. */
    async ignorersAmong(ignoredUserID: number, userIDs: number[]): Promise<Set<number>> {
      if (!userIDs.length) return new Set();
      const rows = await db
        .selectFrom("ignoredUsers")
        .select("userID")
        .where("ignoredUserID", "=", ignoredUserID)
        .where("userID", "in", userIDs)
        .execute();
      return new Set(rows.map((row) => row.userID));
    },

    /** The member's whole row (their roles decide whether they may be ignored); undefined when unknown. */
    userById: (userID: number) => db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst(),

    async count(userID: number): Promise<number> {
      const row = await db
        .selectFrom("ignoredUsers")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userID", "=", userID)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async exists(userID: number, ignoredUserID: number): Promise<boolean> {
      const row = await db
        .selectFrom("ignoredUsers")
        .select("userID")
        .where("userID", "=", userID)
        .where("ignoredUserID", "=", ignoredUserID)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(row: { userID: number; ignoredUserID: number; dateIgnored: string }): Promise<void> {
      await db
        .insertInto("ignoredUsers")
        .values(row)
        .onConflict((oc) => oc.columns(["userID", "ignoredUserID"]).doNothing())
        .execute();
    },

    async remove(userID: number, ignoredUserID: number): Promise<void> {
      await db
        .deleteFrom("ignoredUsers")
        .where("userID", "=", userID)
        .where("ignoredUserID", "=", ignoredUserID)
        .execute();
    },
  };
}

export type IgnoreRepo = ReturnType<typeof createIgnoreRepo>;
