import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { sitemapsRoutes } from "./sitemaps.routes.ts";
import { createSitemapsService, type SitemapsDeps } from "./sitemaps.service.ts";

/** robots.txt and sitemaps of what guests may read (issue 32, item 1): `docs/features/sitemaps.md`. */
export async function registerSitemaps(
  app: FastifyInstance,
  platform: Platform,
  deps: Omit<SitemapsDeps, "platform">,
): Promise<void> {
  await app.register(sitemapsRoutes, { service: createSitemapsService({ platform, ...deps }) });
}
