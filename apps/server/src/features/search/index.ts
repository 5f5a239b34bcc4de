import type { FastifyInstance } from "fastify";
import type { SiteSections } from "../../platform/site-sections.ts";
import { sharedSearchSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { MINUTE } from "../../platform/http/address-limits.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import type { UserFragments } from "../users/index.ts";
import { createRedisLiveBus } from "../notifications/index.ts";
import { createSearchCache, defaultSearchCacheOptions, type SearchCacheOptions } from "./search.cache.ts";
import { createSearchEngine } from "./search.engine.ts";
import { createSearchReader, type SearchReader } from "./search.reader.ts";
import { searchLanguageOf } from "./search.language.ts";
import { recordSearchRoutes, type SearchedRecords } from "./search.records.ts";
import { searchRoutes, type OnSearch } from "./search.routes.ts";
import { createSearchService, type SearchService } from "./search.service.ts";

export type { SearchService };
export { createSearchEngine, searchLanguageOf };

declare module "fastify" {
  interface FastifyInstance {
    /** SQLite: the thread searches run in (null on PostgreSQL). Tests look at it. */
    searchReader: SearchReader | null;
  }
}

/** How often a process looks at the queue when nothing told it to (changes made outside a request). */
const DRAIN_EVERY_MS = 2_000;

/** The Redis channel's message: "some process changed the index". */
const INDEX_CHANGED = "search.index.changed";

/**
 * Search: `GET /api/v2/search`, and the index kept current. Every change is queued by the content
 * tables' triggers in its own transaction; the queue is drained before a write's answer goes out
 * (so what a member just posted is findable at once), after content events, at start and every
 * few seconds. Answers are cached (search.cache.ts) until the index changes: in this process when
 * its indexer commits, in the others through Redis pub/sub when `REDIS_URL` is set (the live
 * events' bus, on a channel of its own), and after `cacheOptions.ttlMs` in any case.
 */
export async function registerSearch(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    categories: CategoryDirectory;
    users: UserFragments;
    records: SearchedRecords;
    /** A search's first page (the site's analytics count those that found nothing). */
    onSearch?: OnSearch;
    sections?: SiteSections;
  },
  cacheOptions: SearchCacheOptions = defaultSearchCacheOptions,
): Promise<SearchService> {
  for (const schema of sharedSearchSchemas) app.addSchema(schema);
  const language = searchLanguageOf(await platform.siteConfig.get("garden.locale"));
  const { driver, indexer } = createSearchEngine({ db: platform.db, dialect: platform.database.dialect }, language);
  const onError = (error: unknown) => console.error("Search indexing:", error);
  // SQLite: searches run in a thread of their own, on a read-only connection (search.reader.ts).
  const file = platform.database.dialect === "sqlite" ? platform.database.sqliteFile : undefined;
  const reader = file
    ? createSearchReader(
        { file, locale: language.locale },
        (criteria) => driver.search(criteria),
        (error) => app.log.error(error, "Search reader"),
      )
    : null;
  app.decorate("searchReader", reader);
  const drain = () => indexer.drain().catch(onError);

  const cache = createSearchCache(cacheOptions);
  const bus = platform.config.redisUrl
    ? await createRedisLiveBus(platform.config.redisUrl, `search:${platform.database.siteKey}`, onError)
    : null;
  bus?.subscribe((message) => {
    if (message.type === INDEX_CHANGED) cache.clear();
  });
  indexer.onChange(() => {
    cache.clear();
    bus?.publish({ eventID: 0, channel: "search", type: INDEX_CHANGED, data: null }).catch(onError);
  });

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
    if (await driver.inOtherLanguage())
      app.log.warn(
        `The search index holds words stemmed for another language than the site's (${language.locale}): run "npm run reindex".`,
      );
    await drain();
    timer = setInterval(() => void drain(), DRAIN_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    await bus?.close();
    await reader?.close();
  });

  const service = createSearchService({
    db: platform.db,
    driver: cache.wrap(reader ? { ...driver, search: (criteria) => reader.search(criteria) } : driver),
    categories: deps.categories,
    users: deps.users,
    ...(deps.sections ? { sections: deps.sections } : {}),
  });
  platform.events.on("permissions.changed", () => {
    service.invalidate();
    cache.clear();
  });
  const { searchPerMinute } = platform.rateLimits;
  const limiter = searchPerMinute ? platform.limiter("search-address", searchPerMinute, MINUTE) : null;
  await app.register(searchRoutes, { prefix: "/api/v2", service, limiter, onSearch: deps.onSearch });
  await app.register(recordSearchRoutes, { prefix: "/api/v2", service, limiter, records: deps.records });
  return service;
}
