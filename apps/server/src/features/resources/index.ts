import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createResourcesRepo } from "./resources.repo.ts";
import { resourcesRoutes } from "./resources.routes.ts";
import { createResourcesService, type CrawlSources } from "./resources.service.ts";

export type { CrawlSources };

/**
 * `/api/v2/resources` (Vanilla's dashboard-resources.yml): the record types and how to crawl them (`crawl`, each
 * range read by the table's owner, put together in app.ts), and their dirty records, kept here from the owners'
 * events: a record created, changed or deleted is marked once per type until an outside index clears its type.
 */
export async function registerResources(app: FastifyInstance, platform: Platform, crawl: CrawlSources): Promise<void> {
  const service = createResourcesService(createResourcesRepo(platform.db), crawl, platform.clock);
  const { events } = platform;
  for (const name of ["discussion.created", "discussion.updated", "discussion.moved", "discussion.deleted"] as const)
    events.on(name, ({ discussionID }) => service.mark("discussion", discussionID));
  for (const name of ["comment.created", "comment.updated", "comment.deleted"] as const)
    events.on(name, ({ commentID }) => service.mark("comment", commentID));
  const userEvents = ["user.created", "user.updated", "user.applied", "user.access.changed"] as const;
  for (const name of [...userEvents, "user.profile.changed", "user.deleted"] as const)
    events.on(name, ({ userID }) => service.mark("user", userID));
  events.on("category.changed", ({ categoryID }) => service.mark("category", categoryID));
  await app.register(resourcesRoutes, { prefix: "/api/v2", service });
}
