import type { FastifyInstance } from "fastify";
import { sharedTagSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { createTagsRepo } from "./tags.repo.ts";
import { tagsRoutes } from "./tags.routes.ts";
import { createTagsService, type SectionCategories, type TagsService } from "./tags.service.ts";

export type { TagsService };
export { createTagsRepo } from "./tags.repo.ts";
export { insertImportedTagDiscussions, insertImportedTags, type ImportedTag } from "./tags.import.ts";
export { recountTagCounts, removeDiscussionTags, tagsOfDiscussions } from "./tags.writes.ts";

/**
 * Tags under /api/v2/tags; returns the service discussions use to tag posts. `sectionCategories`: a subcommunity's
 * categories, for `GET /tags?siteSectionID=`.
 */
export async function registerTags(
  app: FastifyInstance,
  platform: Platform,
  deps: { sectionCategories?: SectionCategories } = {},
): Promise<TagsService> {
  for (const schema of sharedTagSchemas) app.addSchema(schema);
  const service = createTagsService(
    createTagsRepo(platform.db),
    platform.siteConfig,
    platform.clock,
    deps.sectionCategories,
  );
  await app.register(tagsRoutes, { prefix: "/api/v2", service });
  return service;
}
