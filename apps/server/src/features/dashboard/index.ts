import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { aggregatesRoutes } from "./aggregates.routes.ts";
import { createAggregatesService, type AggregateRecounts } from "./aggregates.service.ts";
import { siteTotalsRoutes } from "./site-totals.routes.ts";
import { createSiteTotalsService, type SiteTotalSources } from "./site-totals.service.ts";

/**
 * The dashboard's own API: the site's totals (`GET /site-totals`), counted by the tables' owners
 * (`sources`, put together in app.ts), and the counters' recount (`PUT /dba/recalculate-aggregates`), each
 * group recounted by its owner (`recounts`). The dashboard's pages use the other features' APIs.
 */
export async function registerDashboard(
  app: FastifyInstance,
  platform: Platform,
  sources: SiteTotalSources,
  recounts: AggregateRecounts,
): Promise<void> {
  const service = createSiteTotalsService(sources, platform.clock);
  await app.register(siteTotalsRoutes, { prefix: "/api/v2", service });
  await app.register(aggregatesRoutes, { prefix: "/api/v2", service: createAggregatesService(recounts) });
}
