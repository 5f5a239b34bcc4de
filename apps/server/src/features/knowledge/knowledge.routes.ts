import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Expand,
  KnowledgeBaseListQuery,
  KnowledgeBasePatch,
  KnowledgeBasePost,
  KnowledgeCategoryListQuery,
  KnowledgeCategoryPatch,
  KnowledgeCategoryPost,
  KnowledgeNavigationItem,
  KnowledgeNavigationPatch,
  knowledgeRules,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { KnowledgeBasesService } from "./knowledge-bases.service.ts";
import type { KnowledgeCategoriesService } from "./knowledge-categories.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const IdParams = Type.Object({ id: Type.Integer() });
const KnowledgeBaseRef = Type.Ref("KnowledgeBase");
const KnowledgeCategoryRef = Type.Ref("KnowledgeCategory");

/** /knowledge-bases and /knowledge-categories: parse, call the service, set status and paging headers. */
export const knowledgeRoutes: FastifyPluginAsyncTypebox<{
  bases: KnowledgeBasesService;
  categories: KnowledgeCategoriesService;
}> = async (app, { bases, categories }) => {
  let tags = ["Knowledge Bases"];
  app.get(
    "/knowledge-bases",
    {
      schema: {
        tags,
        summary: "List knowledge bases (published unless asked; deleted ones for articles.add).",
        querystring: KnowledgeBaseListQuery,
        response: { 200: Type.Array(KnowledgeBaseRef) },
      },
    },
    async (request) => bases.list(request.query, requestContext(request)),
  );

  app.get(
    "/knowledge-bases/:id",
    {
      schema: {
        tags,
        summary: "Get a knowledge base.",
        params: IdParams,
        querystring: Type.Object({ expand: Type.Optional(Expand) }),
        response: { 200: KnowledgeBaseRef },
      },
    },
    async (request) => bases.get(request.params.id, requestContext(request)),
  );

  app.get(
    "/knowledge-bases/:id/navigation-flat",
    {
      schema: {
        tags,
        summary: "Every category and published article of a knowledge base, in its order.",
        params: IdParams,
        response: { 200: Type.Array(KnowledgeNavigationItem) },
      },
    },
    async (request) => bases.navigation(request.params.id, requestContext(request)),
  );

  app.patch(
    "/knowledge-bases/:id/navigation-flat",
    {
      schema: {
        tags,
        summary:
          "Move and order a knowledge base's categories in one transaction (articles.add); answers the new order.",
        params: IdParams,
        body: KnowledgeNavigationPatch,
        response: { 200: Type.Array(KnowledgeNavigationItem) },
      },
    },
    async (request) => {
      const context = requestContext(request);
      await categories.reorder(request.params.id, request.body, context);
      return bases.navigation(request.params.id, context);
    },
  );

  app.post(
    "/knowledge-bases",
    {
      schema: {
        tags,
        summary: "Create a knowledge base and its root category (site.manage).",
        body: KnowledgeBasePost,
        response: { 201: KnowledgeBaseRef },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return bases.create(request.body, requestContext(request));
    },
  );

  app.patch(
    "/knowledge-bases/:id",
    {
      schema: {
        tags,
        summary: "Change a knowledge base, or delete or restore it with `status` (site.manage).",
        params: IdParams,
        body: KnowledgeBasePatch,
        response: { 200: KnowledgeBaseRef },
      },
    },
    async (request) => bases.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/knowledge-bases/:id",
    {
      schema: {
        tags,
        summary: "Delete a knowledge base without articles (site.manage); 409 while it has any.",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await bases.remove(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );

  tags = ["Knowledge Categories"];
  app.get(
    "/knowledge-categories",
    {
      schema: {
        tags,
        summary: "List knowledge categories with their counts (a numbered pager).",
        querystring: KnowledgeCategoryListQuery,
        response: { 200: Type.Array(KnowledgeCategoryRef) },
      },
    },
    async (request, reply) => {
      const result = await categories.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: knowledgeRules.categoriesDefaultLimit },
      });
      return result.items;
    },
  );

  app.get(
    "/knowledge-categories/:id",
    {
      schema: {
        tags,
        summary: "Get a knowledge category (expand breadcrumbs).",
        params: IdParams,
        querystring: Type.Object({ expand: Type.Optional(Expand) }),
        response: { 200: KnowledgeCategoryRef },
      },
    },
    async (request) => categories.get(request.params.id, request.query.expand, requestContext(request)),
  );

  app.post(
    "/knowledge-categories",
    {
      schema: {
        tags,
        summary: "Create a knowledge category (articles.add).",
        body: KnowledgeCategoryPost,
        response: { 201: KnowledgeCategoryRef },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return categories.create(request.body, requestContext(request));
    },
  );

  app.patch(
    "/knowledge-categories/:id",
    {
      schema: {
        tags,
        summary: "Rename, sort or move a knowledge category (articles.add).",
        params: IdParams,
        body: KnowledgeCategoryPatch,
        response: { 200: KnowledgeCategoryRef },
      },
    },
    async (request) => categories.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/knowledge-categories/:id",
    {
      schema: {
        tags,
        summary: "Delete an empty knowledge category (articles.add); 409 while it has articles or children.",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await categories.remove(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );
};
