import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** The addresses a member posted discussions from (the IP addresses panel). */
export async function discussionAddressesOf(db: Kysely<DB>, userID: number): Promise<string[]> {
  const rows = await db
    .selectFrom("discussions")
    .select("insertIPAddress")
    .distinct()
    .where("insertUserID", "=", userID)
    .where("insertIPAddress", "is not", null)
    .limit(100)
    .execute();
  return rows.flatMap((row) => (row.insertIPAddress ? [row.insertIPAddress] : []));
}

/** Who posted discussions from any of `ipAddresses`. */
export async function discussionAuthorsAt(
  db: Kysely<DB>,
  ipAddresses: string[],
): Promise<Array<{ userID: number; ipAddress: string }>> {
  if (ipAddresses.length === 0) return [];
  const rows = await db
    .selectFrom("discussions")
    .select(["insertUserID", "insertIPAddress"])
    .distinct()
    .where("insertIPAddress", "in", ipAddresses)
    .limit(500)
    .execute();
  return rows.flatMap((row) =>
    row.insertIPAddress ? [{ userID: row.insertUserID, ipAddress: row.insertIPAddress }] : [],
  );
}
