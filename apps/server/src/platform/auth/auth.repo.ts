import { PostgresAdapter, sql, type Compilable, type CompiledQuery, type Kysely, type Selectable } from "kysely";
import type { AccessTokensTable, DB, SessionsTable, UsersTable } from "../db/schema.ts";

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
/** A member's rights as stored: their roles and their groups' memberships. */
export interface UserRights {
  roleIDs: number[];
  memberships: Array<{ groupID: number; role: string }>;
}

/**
 * A member's role IDs, and their groups as `groupID:role`, each as one comma-separated string (roles of groups are
 * words of an enum; IDs are digits), so that they come in the same row as the session.
 */
function rightsColumns(db: Kysely<DB>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const joined = (value: ReturnType<typeof sql>) =>
    postgres ? sql`string_agg(${value}, ',')` : sql`group_concat(${value}, ',')`;
  const roles = sql<
    string | null
  >`(select ${joined(postgres ? sql`"roleID"::text` : sql`"roleID"`)} from "userRoles" where "userRoles"."userID" = "users"."userID")`;
  const groups = sql<
    string | null
  >`(select ${joined(postgres ? sql`"groupID"::text || ':' || "role"` : sql`"groupID" || ':' || "role"`)} from "groupMembers" where "groupMembers"."userID" = "users"."userID")`;
  return [roles.as("rights_roleIDs"), groups.as("rights_groups")] as const;
}

function parseRights(roleIDs: string | null, groups: string | null): UserRights {
  return {
    roleIDs: roleIDs ? roleIDs.split(",").map(Number) : [],
    memberships: groups
      ? groups.split(",").map((entry) => {
          const colon = entry.indexOf(":");
          return { groupID: Number(entry.slice(0, colon)), role: entry.slice(colon + 1) };
        })
      : [],
  };
}

/** What `sessionWithUser` reads: the member's columns, then the session's and the rights under their prefixes. */
const sessionPrefixes = ["session_", "rights_"];

/**
 * The member's own columns of a session row, copied by name. A rest spread (`{ session_x, ...user }`) of a row this
 * wide cost about 8 µs a request (better-sqlite3's rows copy slowly); a copy by a list of keys, found once, about 2.
 */
function memberColumns() {
  let keys: string[] | null = null;
  return (row: Record<string, unknown>): UserRow => {
    keys ??= Object.keys(row).filter((key) => !sessionPrefixes.some((prefix) => key.startsWith(prefix)));
    const user: Record<string, unknown> = {};
    for (const key of keys) user[key] = row[key];
    return user as UserRow;
  };
}

/**
 * A query compiled once and run with new parameter values: Kysely builds and compiles a query on every call (about
 * 10 µs of the session's read, on every signed-in request). Only for a query whose parameters are exactly the values
 * given, in order: `build` is compiled with placeholders and refused if its parameters are others.
 */
function compiledOnce<R, A extends unknown[]>(build: (...args: A) => Compilable<R>, placeholders: A) {
  let compiled: CompiledQuery<R> | null = null;
  return {
    with(...args: A): CompiledQuery<R> {
      if (!compiled) {
        compiled = build(...placeholders).compile();
        if (
          compiled.parameters.length !== placeholders.length ||
          compiled.parameters.some((value, index) => value !== placeholders[index])
        )
          throw new Error("A query compiled once must take exactly its arguments as its parameters.");
      }
      return { ...compiled, parameters: args };
    },
  };
}

/** SQL of the authentication platform: sessions, access tokens (the only writer of both), roles and their grants. */
export function createAuthRepo(db: Kysely<DB>) {
  const sessionQuery = compiledOnce(
    (sessionID: string) =>
      db
        .selectFrom("sessions")
        .innerJoin("users", "users.userID", "sessions.userID")
        .selectAll("users")
        .select([
          "sessions.transientKey as session_transientKey",
          "sessions.persist as session_persist",
          "sessions.dateInserted as session_dateInserted",
          "sessions.dateLastUsed as session_dateLastUsed",
          "sessions.dateExpires as session_dateExpires",
          "sessions.userAgent as session_userAgent",
          "sessions.ipAddress as session_ipAddress",
          ...rightsColumns(db),
        ])
        .where("sessions.sessionID", "=", sessionID),
    ["?session"],
  );
  const userOf = memberColumns();
  return {
    /**
     * One query (every signed-in request makes it): the session, its member and the member's rights. The session's own
     * columns come back under a prefix.
     */
    async sessionWithUser(
      sessionID: string,
    ): Promise<{ session: SessionRow; user: UserRow; rights: UserRights } | undefined> {
      const [row] = (await db.executeQuery(sessionQuery.with(sessionID))).rows;
      if (!row) return undefined;
      return {
        session: {
          sessionID,
          userID: row.userID,
          transientKey: row.session_transientKey,
          persist: row.session_persist,
          dateInserted: row.session_dateInserted,
          dateLastUsed: row.session_dateLastUsed,
          dateExpires: row.session_dateExpires,
          userAgent: row.session_userAgent,
          ipAddress: row.session_ipAddress,
        },
        user: userOf(row),
        rights: parseRights(row.rights_roleIDs, row.rights_groups),
      };
    },

    async insertSession(row: SessionRow): Promise<void> {
      await db.insertInto("sessions").values(row).execute();
    },

    async touchSession(sessionID: string, dateLastUsed: string, dateExpires: string): Promise<void> {
      await db.updateTable("sessions").set({ dateLastUsed, dateExpires }).where("sessionID", "=", sessionID).execute();
    },

    async deleteSession(sessionID: string): Promise<void> {
      await db.deleteFrom("sessions").where("sessionID", "=", sessionID).execute();
    },

    /** A user's sessions, the last used first (never their transient keys). */
    async sessionsOfUser(userID: number) {
      return db
        .selectFrom("sessions")
        .select(["sessionID", "userID", "dateInserted", "dateLastUsed", "dateExpires", "userAgent", "ipAddress"])
        .where("userID", "=", userID)
        .orderBy("dateLastUsed", "desc")
        .orderBy("sessionID")
        .execute();
    },

    /** Signs a user's session out, or (without `sessionID`) all of them: how many there were. */
    async deleteSessionsOf(userID: number, sessionID?: string): Promise<number> {
      let query = db.deleteFrom("sessions").where("userID", "=", userID);
      if (sessionID !== undefined) query = query.where("sessionID", "=", sessionID);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Signs a user's sessions out but one (the one changing their password): how many there were. */
    async deleteOtherSessionsOf(userID: number, keepSessionID: string | null): Promise<number> {
      let query = db.deleteFrom("sessions").where("userID", "=", userID);
      if (keepSessionID !== null) query = query.where("sessionID", "!=", keepSessionID);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Signs a user out everywhere; with keepTokens, their API tokens survive (a password reset). */
    async deleteCredentialsOfUser(userID: number, options: { keepTokens?: boolean } = {}): Promise<void> {
      await db.deleteFrom("sessions").where("userID", "=", userID).execute();
      if (!options.keepTokens) await db.deleteFrom("accessTokens").where("userID", "=", userID).execute();
    },

    async insertAccessToken(
      row: Omit<Selectable<AccessTokensTable>, "accessTokenID">,
    ): Promise<Selectable<AccessTokensTable>> {
      return db.insertInto("accessTokens").values(row).returningAll().executeTakeFirstOrThrow();
    },

    async deleteAccessToken(accessTokenID: number): Promise<void> {
      await db.deleteFrom("accessTokens").where("accessTokenID", "=", accessTokenID).execute();
    },

    async userByAccessToken(tokenHash: string, now: string): Promise<UserRow | undefined> {
      return db
        .selectFrom("accessTokens")
        .innerJoin("users", "users.userID", "accessTokens.userID")
        .selectAll("users")
        .where("accessTokens.tokenHash", "=", tokenHash)
        .where((eb) => eb.or([eb("accessTokens.dateExpires", "is", null), eb("accessTokens.dateExpires", ">", now)]))
        .executeTakeFirst();
    },

    async touchAccessToken(tokenHash: string, now: string): Promise<void> {
      await db.updateTable("accessTokens").set({ dateLastUsed: now }).where("tokenHash", "=", tokenHash).execute();
    },

    async roleIDsOfUser(userID: number): Promise<number[]> {
      const rows = await db.selectFrom("userRoles").select("roleID").where("userID", "=", userID).execute();
      return rows.map((row) => row.roleID);
    },

    /**
     * A user's roles and group memberships in one query (UNION ALL), so a signed-in request reads its rights
     * without one more round trip.
     */
    async rolesAndMembershipsOfUser(userID: number): Promise<UserRights> {
      const rows = await db
        .selectFrom("userRoles")
        .select([sql<string>`'r'`.as("kind"), "roleID as id", sql<string>`''`.as("role")])
        .where("userID", "=", userID)
        .unionAll(
          db
            .selectFrom("groupMembers")
            .select([sql<string>`'g'`.as("kind"), "groupID as id", "role"])
            .where("userID", "=", userID),
        )
        .execute();
      const roleIDs: number[] = [];
      const memberships: Array<{ groupID: number; role: string }> = [];
      for (const row of rows) {
        if (row.kind === "r") roleIDs.push(Number(row.id));
        else memberships.push({ groupID: Number(row.id), role: row.role });
      }
      return { roleIDs, memberships };
    },

    async roleIDsOfType(type: string): Promise<number[]> {
      const rows = await db.selectFrom("roles").select("roleID").where("type", "=", type).orderBy("roleID").execute();
      return rows.map((row) => row.roleID);
    },

    async grantsOfRoles(roleIDs: number[]) {
      if (roleIDs.length === 0) return [];
      return db
        .selectFrom("rolePermissions")
        .select(["junctionType", "junctionID", "permission"])
        .where("roleID", "in", roleIDs)
        .execute();
    },

    /** Categories with their own permissions, and those inheriting a non-root category's. */
    async categoryPermissionLinks() {
      return db
        .selectFrom("categories")
        .select(["categoryID", "permissionCategoryID", "customPermissions"])
        .where((eb) => eb.or([eb("customPermissions", "=", 1), eb("permissionCategoryID", "<>", -1)]))
        .execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
