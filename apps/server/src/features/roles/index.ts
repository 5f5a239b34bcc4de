import type { FastifyInstance } from "fastify";
import { sharedRoleSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { createRolesRepo } from "./roles.repo.ts";
import { rolesRoutes } from "./roles.routes.ts";
import { createRolesService } from "./roles.service.ts";

/** Roles and their permissions under /api/v2/roles. */
export async function registerRoles(app: FastifyInstance, platform: Platform): Promise<void> {
  for (const schema of sharedRoleSchemas) app.addSchema(schema);
  await app.register(rolesRoutes, {
    prefix: "/api/v2",
    service: createRolesService(createRolesRepo(platform.db), platform),
  });
}
