import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { hashPassword } from "../../platform/auth/password.ts";
import { nowIso } from "../../platform/dates.ts";

export const ADMIN_NAME = "admin";

/** True when the database has no users yet: the first start. */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom("users").select("userID").limit(1).executeTakeFirst();
  return row === undefined;
}

/** Creates the `admin` user with the given password (tests: hashed at their lower cost); returns its userID. */
export async function createAdmin(db: Kysely<DB>, password: string, passwordCost?: number): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({
      name: ADMIN_NAME,
      email: "admin@parley.localhost",
      emailConfirmed: 1,
      passwordHash: await hashPassword(password, passwordCost),
      photoUrl: null,
      title: "Administrator",
      isAdmin: 1,
      banned: 0,
      deleted: 0,
      private: 0,
      countDiscussions: 0,
      countComments: 0,
      points: 0,
      dateInserted: now,
      dateUpdated: null,
      dateLastActive: now,
    })
    .returning("userID")
    .executeTakeFirstOrThrow();
  await assignRoleOfType(db, row.userID, "administrator");
  return row.userID;
}

/** Gives a user the default role of a type (member, moderator, administrator…). */
export async function assignRoleOfType(db: Kysely<DB>, userID: number, type: string): Promise<void> {
  const role = await db
    .selectFrom("roles")
    .select("roleID")
    .where("type", "=", type)
    .orderBy("roleID")
    .executeTakeFirstOrThrow();
  await db.insertInto("userRoles").values({ userID, roleID: role.roleID }).execute();
}
