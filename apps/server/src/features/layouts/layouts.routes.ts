import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, LayoutLookupQuery, LayoutLookupResponse } from "@parley/contracts";
import { originOf } from "../../platform/http/pagination.ts";
import type { LayoutsService } from "./layouts.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

export const layoutsRoutes: FastifyPluginAsyncTypebox<{ service: LayoutsService }> = async (app, { service }) => {
  app.get(
    "/layouts/lookup-hydrate",
    {
      schema: {
        tags: ["Layouts"],
        summary:
          "The layout of a view type for a record, hydrated for the viewer with its title bar; or `{redirectTo, status}`.",
        querystring: LayoutLookupQuery,
        response: { 200: LayoutLookupResponse, ...errors },
      },
    },
    async (request) =>
      service.lookup(request.query, { viewer: request.viewer, origin: originOf(request), ip: request.ip }),
  );
};
