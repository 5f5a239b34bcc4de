import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** A table of posts that keeps its author and the address they posted from. */
type PostTable = "discussions" | "comments";

/**
 * The addresses a member posted from, and who posted from given addresses (the IP addresses panel of the bans
 * feature). Each post feature answers for its own table through these.
 */
export function postAddresses(db: Kysely<DB>, table: PostTable) {
  return {
    /** The addresses `userID` posted from (at most 100). */
    async of(userID: number): Promise<string[]> {
      const rows = await db
        .selectFrom(table)
        .select("insertIPAddress")
        .distinct()
        .where("insertUserID", "=", userID)
        .where("insertIPAddress", "is not", null)
        .limit(100)
        .execute();
      return rows.flatMap((row) => (row.insertIPAddress ? [row.insertIPAddress] : []));
    },
    /** Who posted from any of `ipAddresses` (at most 500 pairs). */
    async authorsAt(ipAddresses: string[]): Promise<Array<{ userID: number; ipAddress: string }>> {
      if (ipAddresses.length === 0) return [];
      const rows = await db
        .selectFrom(table)
        .select(["insertUserID", "insertIPAddress"])
        .distinct()
        .where("insertIPAddress", "in", ipAddresses)
        .limit(500)
        .execute();
      return rows.flatMap((row) =>
        row.insertIPAddress ? [{ userID: row.insertUserID, ipAddress: row.insertIPAddress }] : [],
      );
    },
  };
}
