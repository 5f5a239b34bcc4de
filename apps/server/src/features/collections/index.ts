import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createCollectionsRepo } from "./collections.repo.ts";
import { collectionsRoutes } from "./collections.routes.ts";
import { createCollectionsService, type CollectionsService } from "./collections.service.ts";

export type { CollectionsService };

/** Collections under /api/v2/collections. */
export async function registerCollections(app: FastifyInstance, platform: Platform): Promise<CollectionsService> {
  const service = createCollectionsService({ repo: createCollectionsRepo(platform.db), platform });
  await app.register(collectionsRoutes, { prefix: "/api/v2", service });
  return service;
}
