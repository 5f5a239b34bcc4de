import type { FastifyInstance } from "fastify";
import { sharedSearchSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import type { UserFragments } from "../users/index.ts";
import type { SearchDriver } from "./search.driver.ts";
import { createSearchEngine } from "./search.engine.ts";
import type { Indexer } from "./search.indexer.ts";
import { searchRoutes } from "./search.routes.ts";
import { createSearchService, type SearchService } from "./search.service.ts";

export type { SearchService, Indexer, SearchDriver };
export { parseSearchText } from "./search.text.ts";
export { createSearchEngine };

/** How often a process looks at the queue when nothing told it to (changes made outside a request). */
const DRAIN_EVERY_MS = 2_000;

/**
 * Search: `GET /api/v2/search`, and the index kept current. Every change is queued by the content
 * tables' triggers in its own transaction; the queue is drained before a write's answer goes out
 * (so what a member just posted is findable at once), after content events, at start and every
 * few seconds.
 */
export async function registerSearch(
  app: FastifyInstance,
  platform: Platform,
  deps: { categories: CategoryDirectory; users: UserFragments },
): Promise<SearchService> {
  for (const schema of sharedSearchSchemas) app.addSchema(schema);
  const { driver, indexer } = createSearchEngine({ db: platform.db, dialect: platform.database.dialect });
  const onError = (error: unknown) => console.error("Search indexing:", error);
  const drain = () => indexer.drain().catch(onError);

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) await drain();
    return payload;
  });
  for (const name of [
    "discussion.created",
    "discussion.updated",
    "discussion.deleted",
    "discussion.moved",
    "comment.created",
    "comment.updated",
    "comment.deleted",
    "permissions.changed",
  ] as const)
    platform.events.on(name, drain);
  let timer: NodeJS.Timeout | null = null;
  app.addHook("onReady", async () => {
    await drain();
    timer = setInterval(() => void drain(), DRAIN_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });

  const service = createSearchService({ db: platform.db, driver, categories: deps.categories, users: deps.users });
  platform.events.on("permissions.changed", () => service.invalidate());
  await app.register(searchRoutes, { prefix: "/api/v2", service });
  return service;
}
