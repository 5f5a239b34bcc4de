import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBody, SearchQuery, SearchResultList } from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { SearchService } from "./search.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };

export const searchRoutes: FastifyPluginAsyncTypebox<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    "/search",
    {
      schema: {
        tags: ["Search"],
        summary:
          "Search discussions, comments, members, categories, knowledge-base articles and groups the viewer may see: relevance or date order, numbered pages.",
        querystring: SearchQuery,
        response: { 200: SearchResultList, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.search(request.query, request.viewer, originOf(request));
      reply.header("x-search-powered-by", service.driverName);
      setPagingHeaders(request, reply, {
        page: result.page,
        limit: result.limit,
        total: result.total,
        count: result.items.length,
      });
      return result.items;
    },
  );
};
