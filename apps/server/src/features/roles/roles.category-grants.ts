import type { Kysely } from "kysely";
import { categoryPermissionNames, type CategoryRoleGrants, type FieldError } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { markCustomPermissions } from "../categories/index.ts";
import { rolesPolicy } from "./roles.policy.ts";
import type { RolesRepo } from "./roles.repo.ts";

const categoryNames = new Set<string>(categoryPermissionNames);

/**
 * What each listed role may do in one category, as `PUT /categories/{id}/permissions` and the `permissions` of
 * `POST`/`PATCH /categories` take it: `check` refuses an unknown or repeated role and a name that is not a category
 * permission (400, nothing written); `write` replaces the listed roles' grants in the caller's transaction, and the
 * category has its own permissions from then on. Who may (site.manage) is the caller's to check.
 */
export function createCategoryGrantWrites(repo: RolesRepo) {
  return {
    async check(body: CategoryRoleGrants): Promise<void> {
      const errors: FieldError[] = [];
      const seen = new Set<number>();
      for (const [index, entry] of body.roles.entries()) {
        const path = `roles[${index}]`;
        if (seen.has(entry.roleID) || !(await repo.findById(entry.roleID))) {
          errors.push({ ...fieldError("roleID", "invalid", "The role does not exist or is listed twice."), path });
        }
        seen.add(entry.roleID);
        for (const name of Object.keys(entry.permissions)) {
          if (!categoryNames.has(name)) {
            errors.push({
              ...fieldError("permissions", "invalid", `${name} is not a valid category permission.`),
              path,
            });
          }
        }
      }
      if (errors.length) throw validationFailed(errors);
    },

    async write(trx: Kysely<DB>, categoryID: number, body: CategoryRoleGrants): Promise<void> {
      const scoped = repo.withTransaction(trx);
      for (const entry of body.roles) {
        const granted = Object.entries(entry.permissions)
          .filter(([, on]) => on)
          .map(([name]) => name);
        await scoped.replaceGrants(entry.roleID, "category", categoryID, granted);
      }
      await markCustomPermissions(trx, [categoryID]);
    },
  };
}

/**
 * `PUT /categories/{id}/permissions` (the roles × category permissions matrix): every listed role's grants in
 * one category replaced in one transaction. site.manage, as every change of grants. Stages: authorize → load and
 * check → transaction → events.
 */
export function createCategoryGrants(repo: RolesRepo, platform: Platform) {
  const writes = createCategoryGrantWrites(repo);
  return async function setCategoryGrants(viewer: Viewer, categoryID: number, body: CategoryRoleGrants) {
    requireAccess(viewer, rolesPolicy.canManage);
    if (!(await repo.categoryExists(categoryID))) throw notFound("Category");
    await writes.check(body);
    await platform.db.transaction().execute((trx) => writes.write(trx, categoryID, body));
    platform.permissions.invalidate();
    await platform.events.emit("permissions.changed", {});
  };
}

export type SetCategoryGrants = ReturnType<typeof createCategoryGrants>;
