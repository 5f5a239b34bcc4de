import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Category,
  CategoryDeleteBody,
  CategoryFollow,
  CategoryGetQuery,
  CategoryPatch,
  CategoryPost,
  CategorySearchQuery,
  CategorySearchResult,
  CategoryIdParams,
  CategoryList,
  CategoryListQuery,
  ErrorBody,
  categoryPaths,
  limits,
} from "@parley/contracts";
import { requestedContentLocale } from "../../platform/http/content-locale.ts";
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
      const result = await service.list(request.query, {
        viewer: request.viewer,
        origin: originOf(request),
        locale: requestedContentLocale(request),
      });
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
    categoryPaths.search,
    {
      schema: {
        tags: ["Categories"],
        summary: "Categories whose names contain the text (for pickers); `expand=breadcrumbs`.",
        querystring: CategorySearchQuery,
        response: { 200: Type.Array(CategorySearchResult), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await service.search(request.query, { viewer: request.viewer, origin: originOf(request) });
      setPagingHeaders(request, reply, { page: result.page, limit: result.limit, count: result.items.length });
      return result.items;
    },
  );

  const writeErrors = {
    400: ErrorBody,
    401: ErrorBody,
    403: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    422: ErrorBody,
  };
  app.post(
    categoryPaths.list,
    {
      schema: {
        tags: ["Categories"],
        summary: "Create a category.",
        body: CategoryPost,
        response: { 201: Category, ...writeErrors },
      },
    },
    async (request) => service.create(request.body, { viewer: request.viewer, origin: originOf(request) }),
  );
  app.patch(
    categoryPaths.get,
    {
      schema: {
        tags: ["Categories"],
        summary: "Edit or move a category.",
        params: CategoryIdParams,
        body: CategoryPatch,
        response: { 200: Category, ...writeErrors },
      },
    },
    async (request) =>
      service.patch(request.params.id, request.body, { viewer: request.viewer, origin: originOf(request) }),
  );
  app.delete(
    categoryPaths.get,
    {
      schema: {
        tags: ["Categories"],
        summary: "Delete a category: move its content to newCategoryID, or delete it with its content.",
        params: CategoryIdParams,
        body: Type.Optional(CategoryDeleteBody),
        response: { 204: Type.Null(), ...writeErrors },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.body?.newCategoryID, {
        viewer: request.viewer,
        origin: originOf(request),
      });
      return null;
    },
  );

  app.put(
    categoryPaths.follow,
    {
      schema: {
        tags: ["Categories"],
        summary: "Follow or unfollow a category (the signed-in member; at most limits.categories.maxFollowed).",
        params: CategoryIdParams,
        body: CategoryFollow,
        response: { 200: CategoryFollow, ...writeErrors },
      },
    },
    async (request) =>
      service.follow(request.params.id, request.body.followed, { viewer: request.viewer, origin: originOf(request) }),
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
    async (request) =>
      service.get(request.params.id, {
        viewer: request.viewer,
        origin: originOf(request),
        locale: requestedContentLocale(request),
      }),
  );
};
