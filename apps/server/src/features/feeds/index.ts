import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { feedsRoutes } from "./feeds.routes.ts";
import { createFeedsService, type FeedsDeps } from "./feeds.service.ts";

export { escapeXml } from "./feeds.xml.ts";

/** RSS 2.0 and Atom feeds of what guests may read (issue 32, item 2): `docs/features/feeds.md`. */
export async function registerFeeds(app: FastifyInstance, platform: Platform, deps: Omit<FeedsDeps, "platform">) {
  await app.register(feedsRoutes, { service: createFeedsService({ platform, ...deps }) });
}
