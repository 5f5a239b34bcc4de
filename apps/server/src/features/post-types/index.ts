import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { createPostFieldsService } from "./post-fields.service.ts";
import { createPostTypeRules, type PostTypeRules } from "./post-types.meta.ts";
import { createPostTypesRepo } from "./post-types.repo.ts";
import { postTypesRoutes } from "./post-types.routes.ts";
import { createPostTypesService } from "./post-types.service.ts";

export type { PostTypeRules };
export { createCategoryPostTypes } from "./post-types.categories.ts";

/**
 * Post types and post fields (issue 33, item 4; Vanilla's custom post types, the add-on `postTypes`): the routes,
 * and the rules discussions apply when one is posted, edited, moved and read (handed to them by `app.ts`).
 */
export async function registerPostTypes(
  app: FastifyInstance,
  platform: Platform,
  deps: { categories: CategoryDirectory },
): Promise<PostTypeRules> {
  const shared = { repo: createPostTypesRepo(platform.db), platform, categories: deps.categories };
  await app.register(postTypesRoutes, {
    prefix: "/api/v2",
    types: createPostTypesService(shared),
    fields: createPostFieldsService(shared),
  });
  return createPostTypeRules(shared);
}
