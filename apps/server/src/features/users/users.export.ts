import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** "Download my data": the member's own profile as they may see it, and their roles' names. */
export async function exportMemberProfile(db: Kysely<DB>, userID: number) {
  const profile = await db
    .selectFrom("users")
    .select([
      "userID",
      "name",
      "email",
      "emailConfirmed",
      "title",
      "photoUrl",
      "private",
      "hidden",
      "showEmail",
      "signature",
      "signatureFormat",
      "countDiscussions",
      "countComments",
      "points",
      "countVisits",
      "dateInserted",
      "dateLastActive",
      "insertIPAddress",
      "lastIPAddress",
    ])
    .where("userID", "=", userID)
    .executeTakeFirst();
  const roles = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.roleID", "userRoles.roleID")
    .select("roles.name")
    .where("userRoles.userID", "=", userID)
    .orderBy("roles.name")
    .execute();
  return profile ? { ...profile, roles: roles.map((role) => role.name) } : null;
}
