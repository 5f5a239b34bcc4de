import type { Kysely, Selectable, Updateable } from "kysely";
import { lockAllRows } from "../../platform/db/row-locks.ts";
import type { DB, RolesTable } from "../../platform/db/schema.ts";

export type RoleRow = Selectable<RolesTable>;
export interface Grant {
  junctionType: string;
  junctionID: number;
  permission: string;
}

export function createRolesRepo(db: Kysely<DB>): RolesRepo {
  return {
    withTransaction: (trx) => createRolesRepo(trx),
    list: () => db.selectFrom("roles").selectAll().orderBy("sort").orderBy("roleID").execute(),
    findById: (roleID) => db.selectFrom("roles").selectAll().where("roleID", "=", roleID).executeTakeFirst(),
    findByName: (name) =>
      db
        .selectFrom("roles")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
        .executeTakeFirst(),
    async insert(row) {
      const inserted = await db.insertInto("roles").values(row).returning("roleID").executeTakeFirstOrThrow();
      return inserted.roleID;
    },
    async update(roleID, changes) {
      if (Object.keys(changes).length)
        await db.updateTable("roles").set(changes).where("roleID", "=", roleID).execute();
    },
    async remove(roleID) {
      await db.deleteFrom("roles").where("roleID", "=", roleID).execute();
    },
    async grantsOf(roleIDs) {
      if (roleIDs.length === 0) return new Map();
      const rows = await db
        .selectFrom("rolePermissions")
        .select(["roleID", "junctionType", "junctionID", "permission"])
        .where("roleID", "in", roleIDs)
        .execute();
      const byRole = new Map<number, Grant[]>();
      for (const { roleID, ...grant } of rows) byRole.set(roleID, [...(byRole.get(roleID) ?? []), grant]);
      return byRole;
    },
    async replaceGrants(roleID, junctionType, junctionID, permissions) {
      await db
        .deleteFrom("rolePermissions")
        .where("roleID", "=", roleID)
        .where("junctionType", "=", junctionType)
        .where("junctionID", "=", junctionID)
        .execute();
      if (permissions.length) {
        await db
          .insertInto("rolePermissions")
          .values(permissions.map((permission) => ({ roleID, junctionType, junctionID, permission })))
          .execute();
      }
    },
    async removeAllGrants(roleID) {
      await db.deleteFrom("rolePermissions").where("roleID", "=", roleID).execute();
    },
    async countRolesGranting(permission) {
      const row = await db
        .selectFrom("rolePermissions")
        .select((eb) => eb.fn.count<string | number>("roleID").distinct().as("count"))
        .where("junctionType", "=", "")
        .where("permission", "=", permission)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async lockAll() {
      await lockAllRows(db, "roles", "type");
    },
    async setTypeOf(type, roleIDs, dateUpdated) {
      let others = db.updateTable("roles").set({ type: null, dateUpdated }).where("type", "=", type);
      if (roleIDs.length) others = others.where("roleID", "not in", roleIDs);
      await others.execute();
      if (roleIDs.length)
        await db
          .updateTable("roles")
          .set({ type, dateUpdated })
          .where("roleID", "in", roleIDs)
          .where((eb) => eb.or([eb("type", "is", null), eb("type", "!=", type)]))
          .execute();
    },
    async countOfType(type) {
      const row = await db
        .selectFrom("roles")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("type", "=", type)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async categoryExists(categoryID) {
      return (
        (await db
          .selectFrom("categories")
          .select("categoryID")
          .where("categoryID", "=", categoryID)
          .executeTakeFirst()) !== undefined
      );
    },
  };
}

/** A role to insert: its invitations per month default to -1 (unlimited). */
export type NewRole = Omit<RoleRow, "roleID" | "invitationsPerMonth"> & { invitationsPerMonth?: number };

export interface RolesRepo {
  withTransaction(trx: Kysely<DB>): RolesRepo;
  list(): Promise<RoleRow[]>;
  findById(roleID: number): Promise<RoleRow | undefined>;
  findByName(name: string): Promise<RoleRow | undefined>;
  insert(row: NewRole): Promise<number>;
  update(roleID: number, changes: Updateable<RolesTable>): Promise<void>;
  remove(roleID: number): Promise<void>;
  grantsOf(roleIDs: number[]): Promise<Map<number, Grant[]>>;
  replaceGrants(roleID: number, junctionType: string, junctionID: number, permissions: string[]): Promise<void>;
  removeAllGrants(roleID: number): Promise<void>;
  /** How many roles grant `permission` globally. */
  countRolesGranting(permission: string): Promise<number>;
  categoryExists(categoryID: number): Promise<boolean>;
  /** Locks every role until the transaction ends (PostgreSQL; SQLite writes one transaction at a time). */
  lockAll(): Promise<void>;
  /** The listed roles take the type; the others that had it lose it (type null). */
  setTypeOf(type: string, roleIDs: number[], dateUpdated: string): Promise<void>;
  countOfType(type: string): Promise<number>;
}
