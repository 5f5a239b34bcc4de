import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** What a ban rule is checked against on an existing member (counting the members a rule matches). */
interface MemberIdentity {
  userID: number;
  name: string;
  email: string;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
}

/**
 * Members (not deleted, not administrators: rules never apply to them) in id order after `afterUserID`, a batch at
 * a time: ban rules count the members they match by reading every one.
 */
export const memberIdentities = (db: Kysely<DB>, afterUserID: number, limit: number): Promise<MemberIdentity[]> =>
  db
    .selectFrom("users")
    .select(["userID", "name", "email", "insertIPAddress", "lastIPAddress"])
    .where("userID", ">", afterUserID)
    .where("deleted", "=", 0)
    .where("isAdmin", "=", 0)
    .orderBy("userID")
    .limit(limit)
    .execute();

/** A member's addresses in their account and browser sessions, each with where it was seen. */
export async function memberAddresses(
  db: Kysely<DB>,
  userID: number,
): Promise<Array<{ ipAddress: string; source: "registration" | "lastVisit" | "session" }>> {
  const user = await db
    .selectFrom("users")
    .select(["insertIPAddress", "lastIPAddress"])
    .where("userID", "=", userID)
    .executeTakeFirst();
  const sessions = await db
    .selectFrom("sessions")
    .select("ipAddress")
    .distinct()
    .where("userID", "=", userID)
    .where("ipAddress", "is not", null)
    .execute();
  return [
    ...(user?.insertIPAddress ? [{ ipAddress: user.insertIPAddress, source: "registration" as const }] : []),
    ...(user?.lastIPAddress ? [{ ipAddress: user.lastIPAddress, source: "lastVisit" as const }] : []),
    ...sessions.flatMap((row) => (row.ipAddress ? [{ ipAddress: row.ipAddress, source: "session" as const }] : [])),
  ];
}

/** The members (not deleted) who registered or last visited from any of `ipAddresses`. */
export async function membersAtAddresses(
  db: Kysely<DB>,
  ipAddresses: string[],
): Promise<Array<{ userID: number; ipAddress: string }>> {
  if (ipAddresses.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select(["userID", "insertIPAddress", "lastIPAddress"])
    .where("deleted", "=", 0)
    .where((eb) => eb.or([eb("insertIPAddress", "in", ipAddresses), eb("lastIPAddress", "in", ipAddresses)]))
    .limit(500)
    .execute();
  const wanted = new Set(ipAddresses);
  return rows.flatMap((row) =>
    [row.insertIPAddress, row.lastIPAddress]
      .filter((ip): ip is string => ip !== null && wanted.has(ip))
      .map((ipAddress) => ({ userID: row.userID, ipAddress })),
  );
}
