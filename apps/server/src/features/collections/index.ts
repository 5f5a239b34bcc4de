import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createCollectionsRepo } from "./collections.repo.ts";
import { collectionsRoutes } from "./collections.routes.ts";
import { createCollectionsService, type CollectionsService, type RecordPresenter } from "./collections.service.ts";

export type { CollectionsService, RecordPresenter } from "./collections.service.ts";

/** Collections under /api/v2/collections. */
export async function registerCollections(
  app: FastifyInstance,
  platform: Platform,
  presenters: Partial<Record<string, RecordPresenter>>,
): Promise<CollectionsService> {
  const repo = createCollectionsRepo(platform.db);
  const service = createCollectionsService({ repo, platform, presenters });
  // A deleted discussion or category leaves the collections that held it (a member's deletion may
  // take their discussions, a category's its own and everything in it).
  for (const name of ["discussion.deleted", "category.changed", "user.access.changed"] as const)
    platform.events.on(name, () => repo.pruneDeleted());
  await app.register(collectionsRoutes, { prefix: "/api/v2", service });
  return service;
}
