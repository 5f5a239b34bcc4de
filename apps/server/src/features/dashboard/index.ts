import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { siteTotalsRoutes } from "./site-totals.routes.ts";
import { createSiteTotalsService, type SiteTotalSources } from "./site-totals.service.ts";

/**
 * The dashboard's own API: the site's totals (`GET /site-totals`), counted by the tables' owners
 * (`sources`, put together in app.ts). The dashboard's pages use the other features' APIs.
 */
export async function registerDashboard(
  app: FastifyInstance,
  platform: Platform,
  sources: SiteTotalSources,
): Promise<void> {
  const service = createSiteTotalsService(sources, platform.clock);
  await app.register(siteTotalsRoutes, { prefix: "/api/v2", service });
}
