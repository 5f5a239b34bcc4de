import type { FastifyInstance } from "fastify";
import { sharedKnowledgeSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { UserFragments } from "../users/index.ts";
import { createArticlesRepo } from "./articles.repo.ts";
import { articlesRoutes } from "./articles.routes.ts";
import { createArticlesService, type ArticlesService } from "./articles.service.ts";
import { createKnowledgeBasesRepo } from "./knowledge-bases.repo.ts";
import { createKnowledgeBasesService, type KnowledgeBasesService } from "./knowledge-bases.service.ts";
import { createKnowledgeCategoriesRepo } from "./knowledge-categories.repo.ts";
import { createKnowledgeCategoriesService, type KnowledgeCategoriesService } from "./knowledge-categories.service.ts";
import { createKnowledgeLoader } from "./knowledge.loader.ts";
import { knowledgeRoutes } from "./knowledge.routes.ts";

export type { ArticlesService, KnowledgeBasesService, KnowledgeCategoriesService };
export type { ArticleEvent } from "./knowledge.events.ts";
export { sitemapArticles } from "./articles.sitemap.ts";

/** The knowledge base under /api/v2: /knowledge-bases, /knowledge-categories and /articles. */
export async function registerKnowledge(
  app: FastifyInstance,
  platform: Platform,
  deps: { users: UserFragments },
): Promise<{ bases: KnowledgeBasesService; categories: KnowledgeCategoriesService; articles: ArticlesService }> {
  for (const schema of sharedKnowledgeSchemas) app.addSchema(schema);
  const basesRepo = createKnowledgeBasesRepo(platform.db);
  const categoriesRepo = createKnowledgeCategoriesRepo(platform.db);
  const articlesRepo = createArticlesRepo(platform.db);
  const loader = createKnowledgeLoader(basesRepo, categoriesRepo);
  const bases = createKnowledgeBasesService({
    platform,
    bases: basesRepo,
    categories: categoriesRepo,
    articles: articlesRepo,
    loader,
  });
  const categories = createKnowledgeCategoriesService({
    platform,
    bases: basesRepo,
    categories: categoriesRepo,
    loader,
  });
  const articles = createArticlesService({
    platform,
    repo: articlesRepo,
    bases: basesRepo,
    categories,
    loader,
    users: deps.users,
  });
  await app.register(knowledgeRoutes, { prefix: "/api/v2", bases, categories });
  await app.register(articlesRoutes, { prefix: "/api/v2", articles });
  return { bases, categories, articles };
}
