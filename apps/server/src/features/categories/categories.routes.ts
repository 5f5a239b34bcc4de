import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Category,
  CategoryDeleteBody,
  CategoryEdit,
  CategoryFollow,
  CategoryPreferences,
  CategoryPreferencesParams,
  CategoryPreferencesPatch,
  CategorySuggestedQuery,
  CategoryWithPreferences,
  CategoryGetQuery,
  CategoryPatch,
  CategoryPost,
  CategorySearchQuery,
  CategorySearchResult,
  CategoryIdParams,
  CategoryList,
  CategoryListQuery,
  categoryPaths,
  limits,
  LongRunnerQuery,
  longRunnerResponses,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { CategoriesService } from "./categories.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

/** GET /categories, GET /categories/{id}: parse, call the service, set paging headers. */
export const categoriesRoutes: FastifyPluginAsyncTypebox<{ service: CategoriesService }> = async (app, { service }) => {
  app.get(
    categoryPaths.list,
    {
      config: { roleToken: true },
      schema: {
        tags: ["Categories"],
        summary: "List categories as a tree, or flat and paged.",
        querystring: CategoryListQuery,
        response: { 200: CategoryList },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, requestContext(request, { contentLocale: true }));
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
        response: { 200: Type.Array(CategorySearchResult) },
      },
    },
    async (request, reply) => {
      const result = await service.search(request.query, requestContext(request));
      setPagingHeaders(request, reply, { page: result.page, limit: result.limit, count: result.items.length });
      return result.items;
    },
  );

  app.post(
    categoryPaths.list,
    {
      schema: {
        tags: ["Categories"],
        summary: "Create a category.",
        body: CategoryPost,
        response: { 201: Category },
      },
    },
    async (request) => service.create(request.body, requestContext(request)),
  );
  app.patch(
    categoryPaths.get,
    {
      schema: {
        tags: ["Categories"],
        summary: "Edit or move a category.",
        params: CategoryIdParams,
        body: CategoryPatch,
        response: { 200: Category },
      },
    },
    async (request) => service.patch(request.params.id, request.body, requestContext(request)),
  );
  app.delete(
    categoryPaths.get,
    {
      schema: {
        tags: ["Categories"],
        summary:
          "Delete a category: move its content to newCategoryID, or delete it with its content. Long-running: its discussions go in batches, the category last.",
        params: CategoryIdParams,
        querystring: LongRunnerQuery,
        body: Type.Optional(CategoryDeleteBody),
        response: longRunnerResponses,
      },
    },
    async (request, reply) => {
      const answer = await service.remove(
        request.params.id,
        request.body?.newCategoryID,
        requestContext(request),
        request.query,
      );
      reply.code(answer.status as 200);
      return answer.body;
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
        response: { 200: CategoryFollow },
      },
    },
    async (request) => service.follow(request.params.id, request.body.followed, requestContext(request)),
  );

  app.get(
    categoryPaths.suggested,
    {
      schema: {
        tags: ["Categories"],
        summary:
          "Categories to follow next: readable, listing discussions, not followed nor excluded; most followed first.",
        querystring: CategorySuggestedQuery,
        response: { 200: Type.Array(Category) },
      },
    },
    async (request) => service.preferences.suggested(request.query, requestContext(request)),
  );

  app.get(
    categoryPaths.allPreferences,
    {
      schema: {
        tags: ["Categories"],
        summary:
          "The categories a member follows with their notification preferences (their own; others': users.edit).",
        params: Type.Object({ userID: Type.Integer({ minimum: 1 }) }),
        response: { 200: Type.Array(CategoryWithPreferences) },
      },
    },
    async (request) => service.preferences.list(request.params.userID, requestContext(request)),
  );

  app.get(
    categoryPaths.preferences,
    {
      schema: {
        tags: ["Categories"],
        summary: "A member's follow and notification preferences for a category (their own; others': users.edit).",
        params: CategoryPreferencesParams,
        response: { 200: CategoryPreferences },
      },
    },
    async (request) => service.preferences.get(request.params.id, request.params.userID, requestContext(request)),
  );

  app.patch(
    categoryPaths.preferences,
    {
      schema: {
        tags: ["Categories"],
        summary:
          "Set a member's preferences for a category: followed, and told in the browser or by e-mail of new discussions and comments.",
        params: CategoryPreferencesParams,
        body: CategoryPreferencesPatch,
        response: { 200: CategoryPreferences },
      },
    },
    async (request) =>
      service.preferences.patch(request.params.id, request.params.userID, request.body, requestContext(request)),
  );

  app.get(
    categoryPaths.get,
    {
      config: { roleToken: true },
      schema: {
        tags: ["Categories"],
        summary: "Get a category by id or smart id ($urlcode:, $name:).",
        params: CategoryIdParams,
        querystring: CategoryGetQuery,
        response: { 200: Category },
      },
    },
    async (request) => service.get(request.params.id, requestContext(request, { contentLocale: true })),
  );

  app.get(
    categoryPaths.edit,
    {
      schema: {
        tags: ["Categories"],
        summary: "Get a category for editing: its name, parent, URL code, description and display (community.manage).",
        params: CategoryIdParams,
        response: { 200: CategoryEdit },
      },
    },
    async (request) => service.edit(request.params.id, requestContext(request)),
  );
};
