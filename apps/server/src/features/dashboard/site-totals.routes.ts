import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { SiteTotals, SiteTotalsQuery } from "@parley/contracts";
import type { SiteTotalsService } from "./site-totals.service.ts";

/** GET /site-totals: the site's totals (dashboard-site-totals.yml). */
export const siteTotalsRoutes: FastifyPluginAsyncTypebox<{ service: SiteTotalsService }> = async (app, { service }) => {
  app.get(
    "/site-totals",
    {
      schema: {
        tags: ["Site Totals"],
        summary: "The site's totals: members, discussions, comments, posts and categories.",
        querystring: SiteTotalsQuery,
        response: { 200: SiteTotals },
      },
    },
    async (request) => service.totals(request.query),
  );
};
