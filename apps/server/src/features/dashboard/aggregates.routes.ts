import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AggregatesRecalculated, AggregatesRecalculation } from "@parley/contracts";
import type { AggregatesService } from "./aggregates.service.ts";

/** PUT /dba/recalculate-aggregates (dashboard-dba.yml). */
export const aggregatesRoutes: FastifyPluginAsyncTypebox<{ service: AggregatesService }> = async (app, { service }) => {
  app.put(
    "/dba/recalculate-aggregates",
    {
      schema: {
        tags: ["Recalculate Aggregates"],
        summary: "Recount discussions', conversations' and categories' counters from their records (site.manage).",
        body: AggregatesRecalculation,
        response: { 200: AggregatesRecalculated },
      },
    },
    async (request) => service.recalculate(request.body, request.viewer),
  );
};
