import type { FastifyInstance } from "fastify";
import { sharedDiscussionSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { TagsService } from "../tags/index.ts";
import type { CategoryDirectory, UserFragments } from "./discussions.deps.ts";
import { createBulkActions } from "./discussions.bulk.ts";
import { createDiscussionsRepo } from "./discussions.repo.ts";
import { discussionsRoutes } from "./discussions.routes.ts";
import { createDiscussionsService, type DiscussionsService, type ReactionSummaries } from "./discussions.service.ts";

export type { DiscussionsService, ReactionSummaries };
export type { DiscussionEvent } from "./discussions.events.ts";
export { discussionsPolicy } from "./discussions.policy.ts";
export { hotScore } from "./discussions.service.ts";
export { createCounters, type Counters } from "./counters.repo.ts";
export { Expansions, discussionUrl, slugify } from "./discussions.present.ts";

/** Discussions under /api/v2/discussions. */
export async function registerDiscussions(
  app: FastifyInstance,
  platform: Platform,
  deps: { categories: CategoryDirectory; users: UserFragments; tags: TagsService; reactions: ReactionSummaries },
): Promise<DiscussionsService> {
  for (const schema of sharedDiscussionSchemas) app.addSchema(schema);
  const service = createDiscussionsService({ repo: createDiscussionsRepo(platform.db), platform, ...deps });
  await app.register(discussionsRoutes, { prefix: "/api/v2", service, bulk: createBulkActions(service) });
  return service;
}
