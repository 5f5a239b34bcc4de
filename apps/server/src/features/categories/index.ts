import type { FastifyInstance } from "fastify";
import { sharedCategorySchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { SiteSections } from "../../platform/site-sections.ts";
import { createCategoriesRepo, type CategoryContent } from "./categories.repo.ts";
import { categoriesRoutes } from "./categories.routes.ts";
import {
  createCategoriesService,
  type CategoriesService,
  type CategoryGrants,
  type CategoryPostTypeLinks,
  type CategoryTranslations,
} from "./categories.service.ts";
import { createCategoryDirectory, type CategoryDirectory } from "./categories.directory.ts";

export { type CategoryDirectory, type CategoryNode } from "./categories.directory.ts";
export { categoryUrl } from "./categories.present.ts";
export { adjustCategoryCounts } from "./categories.counters.ts";
export {
  deleteGroupCategory,
  groupsParentCategory,
  insertGroupCategory,
  updateGroupCategory,
} from "./group-categories.ts";
export { followedCategoryIDs, markCustomPermissions, recountCategories } from "./categories.repo.ts";
export { countCategories } from "./categories.totals.ts";
export {
  insertImportedCategories,
  insertImportedCategoryFollows,
  recountImportedCategoryFollowers,
  settleImportedCategories,
  type ImportedCategory,
  type ImportedCategoryFollow,
} from "./categories.import.ts";
export type { CategoriesService, CategoryTranslations };

/** The categories feature: its shared schemas, service and routes under /api/v2. */
export async function registerCategories(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    content: CategoryContent;
    translations: CategoryTranslations;
    grants: CategoryGrants;
    postTypes: CategoryPostTypeLinks;
    /** The site's subcommunities: `siteSectionID` lists a section's categories. */
    sections?: SiteSections;
  },
): Promise<{ service: CategoriesService; directory: CategoryDirectory }> {
  for (const schema of sharedCategorySchemas) app.addSchema(schema);
  const directory = createCategoryDirectory(platform.db);
  const service = createCategoriesService(
    createCategoriesRepo(platform.db),
    platform,
    directory,
    deps.content,
    deps.translations,
    deps.grants,
    deps.postTypes,
    deps.sections,
  );
  platform.events.on("permissions.changed", () => directory.invalidate());
  await app.register(categoriesRoutes, { prefix: "/api/v2", service });
  return { service, directory };
}
