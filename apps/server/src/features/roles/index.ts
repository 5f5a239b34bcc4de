import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { sharedRoleSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { categoryGrantsRoutes } from "./roles.category-grants.routes.ts";
import { createCategoryGrants, createCategoryGrantWrites } from "./roles.category-grants.ts";
import { createDefaultRoles } from "./roles.defaults.ts";
import { createRolesRepo } from "./roles.repo.ts";
import { rolesRoutes } from "./roles.routes.ts";
import { createRolesService } from "./roles.service.ts";

export { importRole, setImportedGrants } from "./roles.import.ts";

/** The ids of the roles there are (for features that name roles, such as a custom page's viewers). */
export const roleIDsOf = (db: Kysely<DB>) => async (): Promise<number[]> =>
  (await createRolesRepo(db).list()).map((role) => role.roleID);

/** The roles' grants in one category, checked and written in a caller's transaction (a category's own save). */
export const categoryGrantWrites = (db: Kysely<DB>) => createCategoryGrantWrites(createRolesRepo(db));

/**
 * Roles and their permissions under /api/v2/roles, the roles new accounts get at /roles/defaults; the roles' grants
 * in one category at /categories/{id}/permissions.
 */
export async function registerRoles(app: FastifyInstance, platform: Platform): Promise<void> {
  for (const schema of sharedRoleSchemas) app.addSchema(schema);
  const repo = createRolesRepo(platform.db);
  await app.register(rolesRoutes, {
    prefix: "/api/v2",
    service: createRolesService(repo, platform),
    setDefaultRoles: createDefaultRoles(repo, platform),
  });
  await app.register(categoryGrantsRoutes, {
    prefix: "/api/v2",
    setCategoryGrants: createCategoryGrants(repo, platform),
  });
}
