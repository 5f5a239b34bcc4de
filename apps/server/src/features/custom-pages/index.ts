import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createCustomPageLayouts } from "../layouts/index.ts";
import { roleIDsOf } from "../roles/index.ts";
import { createCustomPagesRepo } from "./custom-pages.repo.ts";
import { customPagesRoutes } from "./custom-pages.routes.ts";
import { createCustomPagesService, type CustomPagesDeps, type CustomPagesService } from "./custom-pages.service.ts";

export type { CustomPagesService };

/**
 * `/api/v2/custom-pages` (Vanilla's dashboard-custom-pages.yml, issue 38): pages at addresses site managers pick,
 * each with its own layout; the layouts feature renders them (`customPage` view type) through `forPage`.
 */
export async function registerCustomPages(
  app: FastifyInstance,
  platform: Platform,
  deps: Pick<CustomPagesDeps, "sectionFolder">,
): Promise<CustomPagesService> {
  const service = createCustomPagesService({
    db: platform.db,
    repo: createCustomPagesRepo(platform.db),
    clock: platform.clock,
    events: platform.events,
    contentChanges: platform.contentChanges,
    layouts: createCustomPageLayouts(platform.db),
    roleIDs: roleIDsOf(platform.db),
    sectionFolder: deps.sectionFolder,
  });
  await app.register(customPagesRoutes, { prefix: "/api/v2", service });
  return service;
}
