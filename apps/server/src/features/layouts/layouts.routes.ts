import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LayoutLookupQuery, LayoutLookupResponse } from "@parley/contracts";
import type { LayoutsService } from "./layouts.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

export const layoutsRoutes: FastifyPluginAsyncTypebox<{ service: LayoutsService }> = async (app, { service }) => {
  app.get(
    "/layouts/lookup-hydrate",
    {
      schema: {
        tags: ["Layouts"],
        summary:
          "The layout of a view type for a record, hydrated for the viewer with its title bar; or `{redirectTo, status}`.",
        querystring: LayoutLookupQuery,
        response: { 200: LayoutLookupResponse },
      },
    },
    async (request) => service.lookup(request.query, requestContext(request)),
  );
};
