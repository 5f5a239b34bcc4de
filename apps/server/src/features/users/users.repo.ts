import { sql, type Kysely, type Selectable, type Updateable } from "kysely";
import { createAuthRepo } from "../../platform/auth/auth.repo.ts";
import type { DB, RolesTable, SessionsTable, UsersTable } from "../../platform/db/schema.ts";
import { idConditions, type IdFilter } from "../../platform/http/filters.ts";
import { recomputeRanks } from "./users.ranks.ts";

export type UserRow = Selectable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type UserSessionRow = Pick<
  Selectable<SessionsTable>,
  "sessionID" | "userID" | "dateInserted" | "dateLastUsed" | "dateExpires" | "userAgent" | "ipAddress"
>;
/** A new account: no signature, and no ban's details (a new account is not banned). */

export type NewUser = Omit<
  UserRow,
  | "userID"
  | "signature"
  | "signatureFormat"
  | "hidden"
  | "dateDeleteScheduled"
  | "discoveryText"
  | "banReason"
  | "dateBanned"
  | "dateBanExpires"
  | "banInsertUserID"
  | "location"
  | "about"
  | "aboutFormat"
  | "photoThumbnail"
  | "rankID"
  | "rankManual"
> & {
  discoveryText?: string | null;
};

interface UserListFilters {
  userIDs?: IdFilter;
  roleID?: number;
  /** Of one of these ranks (an empty list: none). */
  rankIDs?: number[];
  /** Exact name, or a prefix. */
  name?: { value: string; prefix: boolean };
  email?: string;
  /** Name starts with it, or (when `emails`) the e-mail does. */
  query?: { value: string; emails: boolean };
  banned?: boolean;
  includeDeleted?: boolean;
}

const sortColumns = {
  countPosts: sql<number>`"countDiscussions" + "countComments"`,
  dateInserted: "dateInserted",
  dateLastActive: "dateLastActive",
  name: "name",
  userID: "userID",
} as const;
export type UserSort = keyof typeof sortColumns;

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself. */
const likePrefix = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only file with the users' SQL. */
export function createUsersRepo(db: Kysely<DB>): UsersRepo {
  const filtered = (filters: UserListFilters) => {
    let query = db.selectFrom("users");
    if (!filters.includeDeleted) query = query.where("deleted", "=", 0);
    for (const condition of idConditions(filters.userIDs)) query = query.where("userID", condition.op, condition.value);
    if (filters.roleID !== undefined) {
      const roleID = filters.roleID;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("userRoles")
            .select("userRoles.userID")
            .whereRef("userRoles.userID", "=", "users.userID")
            .where("userRoles.roleID", "=", roleID),
        ),
      );
    }
    if (filters.rankIDs) query = query.where("rankID", "in", filters.rankIDs.length ? filters.rankIDs : [-1]);
    if (filters.name) {
      query = filters.name.prefix
        ? query.where(sql`lower("name")`, "like", sql`${likePrefix(filters.name.value)} escape '\\'`)
        : query.where(sql`lower("name")`, "=", filters.name.value.toLowerCase());
    }
    if (filters.email) query = query.where(sql`lower("email")`, "=", filters.email.toLowerCase());
    if (filters.query) {
      const { value, emails } = filters.query;
      const pattern = sql`${likePrefix(value)} escape '\\'`;
      query = query.where((eb) =>
        emails
          ? eb.or([eb(sql`lower("name")`, "like", pattern), eb(sql`lower("email")`, "like", pattern)])
          : eb(sql`lower("name")`, "like", pattern),
      );
    }
    if (filters.banned !== undefined) query = query.where("banned", "=", filters.banned ? 1 : 0);
    return query;
  };

  return {
    /** The same queries inside a transaction. */
    withTransaction: (trx: Kysely<DB>) => createUsersRepo(trx),

    async findById(userID: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst();
    },

    /** The listed accounts that exist (deleted ones too), in id order. */
    async findByIDs(userIDs: readonly number[]): Promise<UserRow[]> {
      if (userIDs.length === 0) return [];
      return db
        .selectFrom("users")
        .selectAll()
        .where("userID", "in", [...userIDs])
        .orderBy("userID")
        .execute();
    },

    /**
     * Who can manage the site: accounts neither deleted nor banned with the admin flag or a role granting
     * `permission` (site.manage) globally; of `among` only, when given.
     */
    async siteManagerIDs(permission: string, among?: readonly number[]): Promise<number[]> {
      if (among && among.length === 0) return [];
      let query = db
        .selectFrom("users")
        .select("userID")
        .where("deleted", "=", 0)
        .where("banned", "=", 0)
        .where((eb) =>
          eb.or([
            eb("isAdmin", ">=", 1),
            eb.exists(
              eb
                .selectFrom("userRoles")
                .innerJoin("rolePermissions", "rolePermissions.roleID", "userRoles.roleID")
                .select("userRoles.userID")
                .whereRef("userRoles.userID", "=", "users.userID")
                .where("rolePermissions.junctionType", "=", "")
                .where("rolePermissions.permission", "=", permission),
            ),
          ]),
        );
      if (among) query = query.where("userID", "in", [...among]);
      return (await query.orderBy("userID").execute()).map((row) => row.userID);
    },

    /** The roles among these that grant `permission` globally. */
    async rolesGranting(permission: string, roleIDs: readonly number[]): Promise<number[]> {
      if (roleIDs.length === 0) return [];
      const rows = await db
        .selectFrom("rolePermissions")
        .select("roleID")
        .distinct()
        .where("junctionType", "=", "")
        .where("permission", "=", permission)
        .where("roleID", "in", [...roleIDs])
        .execute();
      return rows.map((row) => row.roleID);
    },

    async findByName(name: string): Promise<UserRow | undefined> {
      return db
        .selectFrom("users")
        .selectAll()
        .where(sql`lower("name")`, "=", name.toLowerCase())
        .executeTakeFirst();
    },

    async findAllByEmail(email: string): Promise<UserRow[]> {
      return db
        .selectFrom("users")
        .selectAll()
        .where(sql`lower("email")`, "=", email.toLowerCase())
        .where("deleted", "=", 0)
        .limit(2)
        .execute();
    },

    async list(filters: UserListFilters, sort: { column: UserSort; desc: boolean }, offset: number, limit: number) {
      return filtered(filters)
        .selectAll()
        .orderBy(sortColumns[sort.column], sort.desc ? "desc" : "asc")
        .orderBy("userID", sort.desc ? "desc" : "asc")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async count(filters: UserListFilters): Promise<number> {
      const row = await filtered(filters)
        .select(({ fn }) => fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Names for mentions (spec §9): the exact name first, then names starting with the text; within each,
     * members active since `activeSince` first, then by name.
     */
    async rankedByName(text: string, activeSince: string, offset: number, limit: number): Promise<UserRow[]> {
      const lower = text.toLowerCase();
      return db
        .selectFrom("users")
        .selectAll()
        .where("deleted", "=", 0)
        .where(sql`lower("name")`, "like", sql`${likePrefix(text)} escape '\\'`)
        .orderBy(sql`case when lower("name") = ${lower} then 0 else 1 end`)
        .orderBy(sql`case when "dateLastActive" >= ${activeSince} then 0 else 1 end`)
        .orderBy(sql`lower("name")`)
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async insert(row: NewUser): Promise<number> {
      const inserted = await db.insertInto("users").values(row).returning("userID").executeTakeFirstOrThrow();
      // A new member starts in the ranks that ask nothing (the ranks add-on).
      await recomputeRanks(db, [inserted.userID]);
      return inserted.userID;
    },

    async update(userID: number, changes: Updateable<UsersTable>): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable("users").set(changes).where("userID", "=", userID).execute();
    },

    /**
     * Who's online: each member's last-seen time in one transaction, a time never moving back (another
     * process may have written a later one).
     */
    async writeLastActive(seen: ReadonlyMap<number, string>): Promise<void> {
      if (seen.size === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const [userID, at] of seen) {
          await trx
            .updateTable("users")
            .set({ dateLastActive: at })
            .where("userID", "=", userID)
            .where((eb) => eb.or([eb("dateLastActive", "is", null), eb("dateLastActive", "<", at)]))
            .execute();
        }
      });
    },

    /** The same change to each listed user. */
    async updateMany(userIDs: readonly number[], changes: Updateable<UsersTable>): Promise<void> {
      if (userIDs.length === 0 || Object.keys(changes).length === 0) return;
      await db
        .updateTable("users")
        .set(changes)
        .where("userID", "in", [...userIDs])
        .execute();
    },

    /**
     * Lifts the bans whose end is at or before `now` (each row only if it still is such a ban, so a ban given
     * again meanwhile stays); answers whose.
     */
    /** Accounts whose own deletion's grace period has ended (`users.dateDeleteScheduled`), the earliest first. */
    async dueDeletions(now: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom("users")
        .select("userID")
        .where("deleted", "=", 0)
        .where("dateDeleteScheduled", "is not", null)
        .where("dateDeleteScheduled", "<=", now)
        .orderBy("dateDeleteScheduled")
        .limit(limit)
        .execute();
      return rows.map((row) => row.userID);
    },

    async liftEndedBans(now: string): Promise<number[]> {
      const ended = await db
        .selectFrom("users")
        .select("userID")
        .where("banned", "=", 1)
        .where("dateBanExpires", "is not", null)
        .where("dateBanExpires", "<=", now)
        .execute();
      const lifted: number[] = [];
      for (const { userID } of ended) {
        const result = await db
          .updateTable("users")
          .set({
            banned: 0,
            banReason: null,
            dateBanned: null,
            dateBanExpires: null,
            banInsertUserID: null,
            dateUpdated: now,
          })
          .where("userID", "=", userID)
          .where("banned", "=", 1)
          .where("dateBanExpires", "<=", now)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) lifted.push(userID);
      }
      return lifted;
    },

    /** Every role of every listed user, in one query. */
    async rolesOf(userIDs: number[]): Promise<Map<number, RoleRow[]>> {
      const byUser = new Map<number, RoleRow[]>(userIDs.map((id) => [id, []]));
      if (userIDs.length === 0) return byUser;
      const rows = await db
        .selectFrom("userRoles")
        .innerJoin("roles", "roles.roleID", "userRoles.roleID")
        .selectAll("roles")
        .select("userRoles.userID as userID")
        .where("userRoles.userID", "in", userIDs)
        .orderBy("roles.sort")
        .execute();
      for (const { userID, ...role } of rows) byUser.get(userID)?.push(role);
      return byUser;
    },

    async rolesByIDs(roleIDs: number[]): Promise<RoleRow[]> {
      if (roleIDs.length === 0) return [];
      return db.selectFrom("roles").selectAll().where("roleID", "in", roleIDs).execute();
    },

    /** The roles with these names, in any case. */
    async rolesNamed(names: readonly string[]): Promise<RoleRow[]> {
      if (names.length === 0) return [];
      const lowered = names.map((name) => name.toLowerCase());
      return db
        .selectFrom("roles")
        .selectAll()
        .where(sql`lower("name")`, "in", lowered)
        .execute();
    },

    async rolesOfType(type: string): Promise<RoleRow[]> {
      return db.selectFrom("roles").selectAll().where("type", "=", type).orderBy("roleID").execute();
    },

    /** Each listed user gains the roles they do not hold yet. */
    async addRoles(userIDs: readonly number[], roleIDs: readonly number[]): Promise<void> {
      if (userIDs.length === 0 || roleIDs.length === 0) return;
      const held = await db
        .selectFrom("userRoles")
        .select(["userID", "roleID"])
        .where("userID", "in", [...userIDs])
        .where("roleID", "in", [...roleIDs])
        .execute();
      const has = new Set(held.map((row) => `${row.userID}:${row.roleID}`));
      const rows = userIDs.flatMap((userID) =>
        roleIDs.filter((roleID) => !has.has(`${userID}:${roleID}`)).map((roleID) => ({ userID, roleID })),
      );
      if (rows.length) await db.insertInto("userRoles").values(rows).execute();
    },

    /** Each listed user loses these roles. */
    async removeRoles(userIDs: readonly number[], roleIDs: readonly number[]): Promise<void> {
      if (userIDs.length === 0 || roleIDs.length === 0) return;
      await db
        .deleteFrom("userRoles")
        .where("userID", "in", [...userIDs])
        .where("roleID", "in", [...roleIDs])
        .execute();
    },

    async setRoles(userID: number, roleIDs: number[]): Promise<void> {
      await db.deleteFrom("userRoles").where("userID", "=", userID).execute();
      if (roleIDs.length) {
        await db
          .insertInto("userRoles")
          .values([...new Set(roleIDs)].map((roleID) => ({ userID, roleID })))
          .execute();
      }
    },

    /** Accounts waiting for approval (a role of type applicant), oldest first, and how many there are. */
    async applicants(offset: number, limit: number): Promise<UserRow[]> {
      return db
        .selectFrom("users")
        .selectAll()
        .where("deleted", "=", 0)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("userRoles")
              .innerJoin("roles", "roles.roleID", "userRoles.roleID")
              .select("userRoles.userID")
              .whereRef("userRoles.userID", "=", "users.userID")
              .where("roles.type", "=", "applicant"),
          ),
        )
        .orderBy("dateInserted", "asc")
        .orderBy("userID", "asc")
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countApplicants(): Promise<number> {
      const row = await db
        .selectFrom("userRoles")
        .innerJoin("roles", "roles.roleID", "userRoles.roleID")
        .innerJoin("users", "users.userID", "userRoles.userID")
        .select(({ fn }) => fn.count<number>("userRoles.userID").distinct().as("count"))
        .where("roles.type", "=", "applicant")
        .where("users.deleted", "=", 0)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Removes an account that never took part (a declined applicant), so its name and address are free again. */
    async deleteAccount(userID: number): Promise<void> {
      await db.deleteFrom("userRoles").where("userID", "=", userID).execute();
      await createAuthRepo(db).deleteCredentialsOfUser(userID);
      await db.deleteFrom("emailTokens").where("userID", "=", userID).execute();
      await db.deleteFrom("users").where("userID", "=", userID).execute();
    },

    /** Discussions and comments a member published since a moment (a new member's posts a day). */
    async postsSince(userID: number, since: string): Promise<number> {
      const count = async (table: "discussions" | "comments") =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as("count"))
              .where("insertUserID", "=", userID)
              .where("dateInserted", ">=", since)
              .executeTakeFirst()
          )?.count ?? 0,
        );
      return (await count("discussions")) + (await count("comments"));
    },

    /** The user's browser sessions, the last used first. */
    sessionsOf: (userID: number) => createAuthRepo(db).sessionsOfUser(userID),

    /** Signs one session of the user out, or all of them: how many there were. */
    deleteSessions: (userID: number, sessionID?: string) => createAuthRepo(db).deleteSessionsOf(userID, sessionID),

    /** Signs the user's sessions out but the one kept (null: all of them). */
    deleteOtherSessions: (userID: number, keepSessionID: string | null) =>
      createAuthRepo(db).deleteOtherSessionsOf(userID, keepSessionID),

    /** Signs the user out everywhere; with keepTokens, their API tokens survive (a password reset). */
    async deleteCredentials(userID: number, options: { keepTokens?: boolean } = {}): Promise<void> {
      await createAuthRepo(db).deleteCredentialsOfUser(userID, options);
      await db.deleteFrom("emailTokens").where("userID", "=", userID).execute();
    },
  };
}

export interface UsersRepo {
  withTransaction(trx: Kysely<DB>): UsersRepo;
  findById(userID: number): Promise<UserRow | undefined>;
  findByIDs(userIDs: readonly number[]): Promise<UserRow[]>;
  siteManagerIDs(permission: string, among?: readonly number[]): Promise<number[]>;
  rolesGranting(permission: string, roleIDs: readonly number[]): Promise<number[]>;
  findByName(name: string): Promise<UserRow | undefined>;
  findAllByEmail(email: string): Promise<UserRow[]>;
  list(
    filters: UserListFilters,
    sort: { column: UserSort; desc: boolean },
    offset: number,
    limit: number,
  ): Promise<UserRow[]>;
  count(filters: UserListFilters): Promise<number>;
  rankedByName(text: string, activeSince: string, offset: number, limit: number): Promise<UserRow[]>;
  insert(row: NewUser): Promise<number>;
  update(userID: number, changes: Updateable<UsersTable>): Promise<void>;
  writeLastActive(seen: ReadonlyMap<number, string>): Promise<void>;
  updateMany(userIDs: readonly number[], changes: Updateable<UsersTable>): Promise<void>;
  liftEndedBans(now: string): Promise<number[]>;
  dueDeletions(now: string, limit: number): Promise<number[]>;
  rolesOf(userIDs: number[]): Promise<Map<number, RoleRow[]>>;
  rolesByIDs(roleIDs: number[]): Promise<RoleRow[]>;
  rolesNamed(names: readonly string[]): Promise<RoleRow[]>;
  rolesOfType(type: string): Promise<RoleRow[]>;
  addRoles(userIDs: readonly number[], roleIDs: readonly number[]): Promise<void>;
  removeRoles(userIDs: readonly number[], roleIDs: readonly number[]): Promise<void>;
  setRoles(userID: number, roleIDs: number[]): Promise<void>;
  applicants(offset: number, limit: number): Promise<UserRow[]>;
  countApplicants(): Promise<number>;
  deleteAccount(userID: number): Promise<void>;
  postsSince(userID: number, since: string): Promise<number>;
  sessionsOf(userID: number): Promise<UserSessionRow[]>;
  deleteSessions(userID: number, sessionID?: string): Promise<number>;
  deleteOtherSessions(userID: number, keepSessionID: string | null): Promise<number>;
  deleteCredentials(userID: number, options?: { keepTokens?: boolean }): Promise<void>;
}
