import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  Category,
  CategoryGetQuery,
  CategoryIdParams,
  CategoryList,
  CategoryListQuery,
  ErrorBody,
  categoryPaths,
  limits,
} from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { CategoriesService } from "./categories.service.ts";

/** GET /categories, GET /categories/{id}: parse, call the service, set paging headers. */
export const categoriesRoutes: FastifyPluginAsyncTypebox<{ service: CategoriesService }> = async (app, { service }) => {
  app.get(
    categoryPaths.list,
    {
      schema: {
        tags: ["Categories"],
        summary: "List categories as a tree, or flat and paged.",
        querystring: CategoryListQuery,
        response: { 200: CategoryList, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, { viewer: request.viewer, origin: originOf(request) });
      if (result.paging) {
        setPagingHeaders(request, reply, {
          ...result.paging,
          count: result.items.length,
          defaults: { maxDepth: limits.categories.defaultMaxDepth },
        });
      }
      return result.items;
    },
  );

  app.get(
    categoryPaths.get,
    {
      schema: {
        tags: ["Categories"],
        summary: "Get a category by id or smart id ($urlcode:, $name:).",
        params: CategoryIdParams,
        querystring: CategoryGetQuery,
        response: { 200: Category, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => service.get(request.params.id, { viewer: request.viewer, origin: originOf(request) }),
  );
};
