import type { Kysely } from "kysely";
import { nowIso } from "./dates.ts";
import type { DB } from "./db/schema.ts";

/** A server secret kept in the config table (created on first use; never readable through /config). */
export async function configSecret(db: Kysely<DB>, key: string, create: () => string): Promise<string> {
  await db
    .insertInto("config")
    .values({ key, value: JSON.stringify(create()), dateUpdated: nowIso() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("config").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return JSON.parse(row.value) as string;
}
