import type { Kysely } from "kysely";
import type { UserRow } from "../auth/auth.repo.ts";
import type { DB } from "../db/schema.ts";

/** The long-runner's SQL: its signing secret (kept in the config table) and the user a payload names. */
export function createLongRunnerRepo(db: Kysely<DB>) {
  return {
    /** A server secret, created on first use by whichever process gets there first; never readable through /config. */
    async secret(key: string, create: () => string): Promise<string> {
      await db
        .insertInto("config")
        .values({ key, value: JSON.stringify(create()), dateUpdated: new Date().toISOString() })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const row = await db.selectFrom("config").select("value").where("key", "=", key).executeTakeFirstOrThrow();
      return JSON.parse(row.value) as string;
    },

    async userById(userID: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst();
    },
  };
}
