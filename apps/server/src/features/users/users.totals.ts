import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** How many members there are (deleted accounts aside), or how many joined since `since` (the site's totals). */
export async function countMembers(db: Kysely<DB>, since?: string): Promise<number> {
  let query = db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("deleted", "=", 0);
  if (since !== undefined) query = query.where("dateInserted", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** How many members (deleted accounts aside) each role has: the roles dashboard's counts, in one grouped query. */
export async function countMembersByRole(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("users", "users.userID", "userRoles.userID")
    .select(({ fn }) => ["userRoles.roleID", fn.countAll<number | string>().as("count")])
    .where("users.deleted", "=", 0)
    .groupBy("userRoles.roleID")
    .execute();
  return new Map(rows.map((row) => [row.roleID, Number(row.count)]));
}

/**
 * Gives every member of one role another (those who have it already keep their one row), inside the caller's
 * transaction: a role being deleted hands its members on. Answers the members it reached.
 */
export async function giveRoleMembersRole(db: Kysely<DB>, fromRoleID: number, toRoleID: number): Promise<number[]> {
  const members = await db.selectFrom("userRoles").select("userID").where("roleID", "=", fromRoleID).execute();
  const userIDs = members.map((row) => row.userID);
  if (userIDs.length === 0) return [];
  await db
    .insertInto("userRoles")
    .columns(["userID", "roleID"])
    .expression((eb) =>
      eb
        .selectFrom("userRoles as from")
        .select(["from.userID", sql<number>`cast(${toRoleID} as integer)`.as("roleID")])
        .where("from.roleID", "=", fromRoleID)
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom("userRoles as held")
                .select("held.userID")
                .whereRef("held.userID", "=", "from.userID")
                .where("held.roleID", "=", toRoleID),
            ),
          ),
        ),
    )
    .execute();
  return userIDs;
}

/** The lowest and highest member ids and how many (deleted accounts aside): `GET /resources/user`'s crawl. */
export async function memberIDRange(db: Kysely<DB>): Promise<{ min: number; max: number; count: number }> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      eb.fn.min("userID").as("min"),
      eb.fn.max("userID").as("max"),
      eb.fn.countAll<number | string>().as("count"),
    ])
    .where("deleted", "=", 0)
    .executeTakeFirstOrThrow();
  return { min: Number(row.min ?? 0), max: Number(row.max ?? 0), count: Number(row.count) };
}
