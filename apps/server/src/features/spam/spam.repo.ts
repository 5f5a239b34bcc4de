import type { Insertable, Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

type VerdictRow = Insertable<DB["spamVerdicts"]>;

/** The only file with the spam feature's SQL: `watchedWords` and `spamVerdicts`, which it owns, and reads of members. */
export function createSpamRepo(db: Kysely<DB>) {
  return {
    words: () => db.selectFrom("watchedWords").selectAll().orderBy("pattern").execute(),

    wordById: (watchedWordID: number) =>
      db.selectFrom("watchedWords").selectAll().where("watchedWordID", "=", watchedWordID).executeTakeFirst(),

    async wordExists(pattern: string): Promise<boolean> {
      const row = await db
        .selectFrom("watchedWords")
        .select("watchedWordID")
        .where("pattern", "=", pattern)
        .executeTakeFirst();
      return row !== undefined;
    },

    async countWords(): Promise<number> {
      const row = await db
        .selectFrom("watchedWords")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insertWord(row: Insertable<DB["watchedWords"]>): Promise<number> {
      const inserted = await db
        .insertInto("watchedWords")
        .values(row)
        .returning("watchedWordID")
        .executeTakeFirstOrThrow();
      return inserted.watchedWordID;
    },

    async deleteWord(watchedWordID: number): Promise<void> {
      await db.deleteFrom("watchedWords").where("watchedWordID", "=", watchedWordID).execute();
    },

    /** What the spam check needs of an author. */
    author: (userID: number) =>
      db
        .selectFrom("users")
        .select([
          "userID",
          "name",
          "email",
          "dateInserted",
          "bypassSpam",
          "isAdmin",
          "countDiscussions",
          "countComments",
        ])
        .where("userID", "=", userID)
        .executeTakeFirst(),

    async insertVerdict(row: VerdictRow): Promise<void> {
      await db.insertInto("spamVerdicts").values(row).execute();
    },

    /** The author's latest fingerprints (newest first). */
    async recentFingerprints(userID: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("spamVerdicts")
        .select("fingerprint")
        .where("userID", "=", userID)
        .where("fingerprint", "is not", null)
        .orderBy("spamVerdictID", "desc")
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.fingerprint ? [row.fingerprint] : []));
    },

    async checksSince(userID: number, since: string): Promise<number> {
      const row = await db
        .selectFrom("spamVerdicts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userID", "=", userID)
        .where("dateInserted", ">=", since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async spamCount(userID: number): Promise<number> {
      const row = await db
        .selectFrom("spamVerdicts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userID", "=", userID)
        .where("verdict", "=", "spam")
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Other accounts that posted from `ip` and got a spam verdict or a ban. */
    async flaggedAccountsAt(ip: string, userID: number): Promise<number> {
      const row = await db
        .selectFrom("spamVerdicts")
        .innerJoin("users", "users.userID", "spamVerdicts.userID")
        .select((eb) => eb.fn.count<number>("spamVerdicts.userID").distinct().as("count"))
        .where("spamVerdicts.ipAddress", "=", ip)
        .where("spamVerdicts.userID", "<>", userID)
        .where((eb) => eb.or([eb("spamVerdicts.verdict", "=", "spam"), eb("users.banned", "=", 1)]))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

export type SpamRepo = ReturnType<typeof createSpamRepo>;
