import {
  categoryPermissionNames,
  isPermissionName,
  type FieldError,
  type PermissionFragment,
  type Role,
  type RolePatch,
  type RolePermissionInput,
  type RoleEdit,
  type RolePost,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { markCustomPermissions } from "../categories/index.ts";
import { countMembersByRole, giveRoleMembersRole } from "../users/index.ts";
import { rolesPolicy } from "./roles.policy.ts";
import { fragmentsOf, present } from "./roles.present.ts";
import type { RoleRow, RolesRepo } from "./roles.repo.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** Roles, their grants or which categories have their own permissions changed. */
    "permissions.changed": Record<string, never>;
  }
}

const categoryNames = new Set<string>(categoryPermissionNames);

/** What `expand` asks of roles: their grants, their member counts (both for site.manage). */
export interface RoleExpansions {
  permissions: boolean;
  countUsers: boolean;
}

/** Roles and what they may do, globally and per category (site.manage to change them). */
export function createRolesService(repo: RolesRepo, platform: Platform) {
  async function resolve(id: string): Promise<RoleRow> {
    const row = id.startsWith("$name:") ? await repo.findByName(id.slice(6)) : await repo.findById(Number(id));
    if (!row) throw notFound("Role");
    return row;
  }

  /** Field errors for unknown names, category-only names given globally the other way round, unknown categories. */
  async function checkPermissions(inputs: RolePermissionInput[]): Promise<void> {
    const errors: FieldError[] = [];
    for (const [index, input] of inputs.entries()) {
      if (
        input.type === "category" &&
        (input.id === undefined || input.id === null || !(await repo.categoryExists(input.id)))
      ) {
        errors.push({ ...fieldError("id", "invalid", "The category does not exist."), path: `permissions[${index}]` });
      }
      for (const name of Object.keys(input.permissions)) {
        if (!isPermissionName(name) || (input.type === "category" && !categoryNames.has(name))) {
          errors.push({
            ...fieldError("permissions", "invalid", `${name} is not a valid ${input.type} permission.`),
            path: `permissions[${index}]`,
          });
        }
      }
    }
    if (errors.length) throw validationFailed(errors);
  }

  async function writeGrants(scoped: RolesRepo, roleID: number, inputs: RolePermissionInput[]): Promise<boolean> {
    let touchedCategories = false;
    for (const input of inputs) {
      const granted = Object.entries(input.permissions)
        .filter(([, on]) => on)
        .map(([name]) => name);
      if (input.type === "global") await scoped.replaceGrants(roleID, "", 0, granted);
      else {
        await scoped.replaceGrants(roleID, "category", input.id!, granted);
        touchedCategories = true;
      }
    }
    return touchedCategories;
  }

  /** A category named in any role's grants has its own permissions from then on. */
  async function markJunctions(inputs: RolePermissionInput[]): Promise<void> {
    const ids = [...new Set(inputs.filter((input) => input.type === "category").map((input) => input.id!))];
    await markCustomPermissions(platform.db, ids);
  }

  const checkName = async (name: string, exceptRoleID?: number) => {
    if (name.trim() === "") throw validationFailed([fieldError("name", "missingField", "The name is required.")]);
    const taken = await repo.findByName(name.trim());
    if (taken && taken.roleID !== exceptRoleID)
      throw validationFailed([fieldError("name", "nameTaken", "A role with that name already exists.")]);
  };

  /**
   * Refuses (inside the write's transaction, so nothing of it stays) a change that would leave no role granting
   * site.manage: nobody but the admin accounts could manage the site, or these roles, any more.
   */
  async function keepSiteManagers(scoped: RolesRepo): Promise<void> {
    if ((await scoped.countRolesGranting(rolesPolicy.keptGrant)) === 0)
      throw conflict(
        "At least one role must keep the site.manage permission.",
        "Give site.manage to another role first: without it nobody but the admin accounts could manage the site.",
      );
  }

  /** After any change to roles or grants: every process drops what it cached of them. */
  async function changed(inputs: RolePermissionInput[]): Promise<void> {
    await markJunctions(inputs);
    platform.permissions.invalidate();
    await platform.events.emit("permissions.changed", {});
  }

  const grantsOfRole = async (scoped: RolesRepo, roleID: number) => (await scoped.grantsOf([roleID])).get(roleID) ?? [];

  /** Writes the role's new grants (merged into the old ones, or replacing all of them) and answers the fragments. */
  async function writePermissions(
    viewer: Viewer,
    id: string,
    inputs: RolePermissionInput[],
    how: "merge" | "replace",
  ): Promise<PermissionFragment[]> {
    requireAccess(viewer, rolesPolicy.canManage);
    const row = await resolve(id);
    await checkPermissions(inputs);
    await platform.db.transaction().execute(async (trx) => {
      const scoped = repo.withTransaction(trx);
      if (how === "replace") {
        await scoped.removeAllGrants(row.roleID);
        await writeGrants(scoped, row.roleID, inputs);
      } else {
        // Scope ("" or "category:<id>") → the names granted there, starting from what the role has now.
        const scopes = new Map<string, Set<string>>();
        const scopeOf = (type: string, junctionID: number) => (type ? `${type}:${junctionID}` : "");
        for (const grant of await grantsOfRole(scoped, row.roleID)) {
          const key = scopeOf(grant.junctionType, grant.junctionID);
          scopes.set(key, (scopes.get(key) ?? new Set()).add(grant.permission));
        }
        for (const input of inputs) {
          const key = input.type === "global" ? "" : scopeOf("category", input.id!);
          const granted = scopes.get(key) ?? new Set<string>();
          for (const [name, on] of Object.entries(input.permissions)) {
            if (on) granted.add(name);
            else granted.delete(name);
          }
          scopes.set(key, granted);
          await scoped.replaceGrants(
            row.roleID,
            input.type === "global" ? "" : "category",
            input.type === "global" ? 0 : input.id!,
            [...granted].sort(),
          );
        }
      }
      await scoped.update(row.roleID, { dateUpdated: platform.clock.nowIso() });
      await keepSiteManagers(scoped);
    });
    await changed(inputs);
    return fragmentsOf(await grantsOfRole(repo, row.roleID));
  }

  return {
    async list(viewer: Viewer, expand: RoleExpansions): Promise<Role[]> {
      if (expand.permissions || expand.countUsers) requireAccess(viewer, rolesPolicy.canManage);
      const rows = await repo.list();
      const [grants, counts] = await Promise.all([
        expand.permissions ? repo.grantsOf(rows.map((row) => row.roleID)) : null,
        expand.countUsers ? countMembersByRole(platform.db) : null,
      ]);
      return rows.map((row) =>
        present(
          row,
          grants ? (grants.get(row.roleID) ?? []) : undefined,
          counts ? (counts.get(row.roleID) ?? 0) : undefined,
        ),
      );
    },

    async get(viewer: Viewer, id: string, expand: RoleExpansions): Promise<Role> {
      const row = await resolve(id);
      if (!expand.permissions && !expand.countUsers) return present(row);
      requireAccess(viewer, rolesPolicy.canManage);
      const [grants, counts] = await Promise.all([
        expand.permissions ? repo.grantsOf([row.roleID]) : null,
        expand.countUsers ? countMembersByRole(platform.db) : null,
      ]);
      return present(
        row,
        grants ? (grants.get(row.roleID) ?? []) : undefined,
        counts ? (counts.get(row.roleID) ?? 0) : undefined,
      );
    },

    /** `GET /roles/{id}/edit`: the role as its edit form shows it (community.manage). */
    async edit(viewer: Viewer, id: string): Promise<RoleEdit> {
      requireAccess(viewer, rolesPolicy.canManage);
      const { roleID, name, description, type, deletable, canSession, personalInfo } = present(await resolve(id));
      return { roleID, name, description, type, deletable, canSession, personalInfo };
    },

    async create(viewer: Viewer, body: RolePost): Promise<Role> {
      requireAccess(viewer, rolesPolicy.canManage);
      await checkName(body.name);
      await checkPermissions(body.permissions ?? []);
      const roleID = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insert({
          name: body.name.trim(),
          description: body.description ?? null,
          type: body.type ?? null,
          sort: body.sort ?? 100,
          deletable: 1,
          canSession: body.canSession === false ? 0 : 1,
          personalInfo: body.personalInfo ? 1 : 0,
          invitationsPerMonth: body.invitationsPerMonth ?? -1,
          dateInserted: platform.clock.nowIso(),
          dateUpdated: null,
        });
        await writeGrants(scoped, id, body.permissions ?? []);
        return id;
      });
      await changed(body.permissions ?? []);
      const row = (await repo.findById(roleID))!;
      return present(row, (await repo.grantsOf([roleID])).get(roleID) ?? []);
    },

    async patch(viewer: Viewer, id: string, body: RolePatch): Promise<Role> {
      requireAccess(viewer, rolesPolicy.canManage);
      const row = await resolve(id);
      if (body.name !== undefined) await checkName(body.name, row.roleID);
      await checkPermissions(body.permissions ?? []);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        await scoped.update(row.roleID, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.type !== undefined ? { type: body.type } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...(body.canSession !== undefined ? { canSession: body.canSession ? 1 : 0 } : {}),
          ...(body.personalInfo !== undefined ? { personalInfo: body.personalInfo ? 1 : 0 } : {}),
          ...(body.invitationsPerMonth !== undefined ? { invitationsPerMonth: body.invitationsPerMonth } : {}),
          dateUpdated: platform.clock.nowIso(),
        });
        await writeGrants(scoped, row.roleID, body.permissions ?? []);
        await keepSiteManagers(scoped);
      });
      await changed(body.permissions ?? []);
      return present((await repo.findById(row.roleID))!, (await repo.grantsOf([row.roleID])).get(row.roleID) ?? []);
    },

    /**
     * Deletes a custom role. With `replacementRoleID` its members are given that role in the same transaction
     * (they keep their other roles either way), so nobody is left with fewer rights than the operator chose.
     */
    async remove(viewer: Viewer, id: string, replacementRoleID?: number): Promise<void> {
      requireAccess(viewer, rolesPolicy.canManage);
      const row = await resolve(id);
      // Built-in roles stay (users, guests and registration depend on them); only the system itself may remove one.
      if (row.deletable !== 1 && !rolesPolicy.canRemoveBuiltIn(viewer))
        throw new HttpError(409, "This role cannot be deleted.");
      if (replacementRoleID === row.roleID)
        throw validationFailed([
          fieldError("replacementRoleID", "invalid", "Choose another role for its members, not the one being deleted."),
        ]);
      const reached = await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        let userIDs: number[] = [];
        if (replacementRoleID !== undefined) {
          if (!(await scoped.findById(replacementRoleID)))
            throw validationFailed([fieldError("replacementRoleID", "invalid", "The role does not exist.")]);
          userIDs = await giveRoleMembersRole(trx, row.roleID, replacementRoleID);
        }
        await scoped.remove(row.roleID);
        await keepSiteManagers(scoped);
        return userIDs;
      });
      await changed([]);
      for (const userID of reached) await platform.events.emit("user.access.changed", { userID });
    },

    /** `GET /roles/{id}/permissions`: the role's grants as fragments (site.manage). */
    async permissions(viewer: Viewer, id: string): Promise<PermissionFragment[]> {
      requireAccess(viewer, rolesPolicy.canManage);
      const row = await resolve(id);
      return fragmentsOf(await grantsOfRole(repo, row.roleID));
    },

    /** `PATCH /roles/{id}/permissions`: names set true are granted, false taken away; the others stay. */
    mergePermissions: (viewer: Viewer, id: string, inputs: RolePermissionInput[]) =>
      writePermissions(viewer, id, inputs, "merge"),

    /** `PUT /roles/{id}/permissions`: the given fragments become all of the role's grants. */
    replacePermissions: (viewer: Viewer, id: string, inputs: RolePermissionInput[]) =>
      writePermissions(viewer, id, inputs, "replace"),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
