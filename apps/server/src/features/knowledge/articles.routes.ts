import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  ArticleEdit,
  ArticleFeaturedPut,
  ArticleListQuery,
  ArticlePatch,
  ArticlePost,
  ArticleReact,
  ArticleReaction,
  ArticleRevision,
  ArticleStatusPatch,
  Expand,
  knowledgeRules,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { ArticlesService } from "./articles.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const tags = ["Articles"];
const IdParams = Type.Object({ id: Type.Integer() });
const ArticleRef = Type.Ref("Article");

/** /articles: parse, call the service, set status and paging headers. */
export const articlesRoutes: FastifyPluginAsyncTypebox<{ articles: ArticlesService }> = async (app, { articles }) => {
  app.get(
    "/articles",
    {
      schema: {
        tags,
        summary: "List a knowledge category's or base's articles (a numbered pager).",
        querystring: ArticleListQuery,
        response: { 200: Type.Array(ArticleRef) },
      },
    },
    async (request, reply) => {
      const result = await articles.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: knowledgeRules.articlesDefaultLimit },
      });
      return result.items;
    },
  );

  app.get(
    "/articles/:id",
    {
      schema: {
        tags,
        summary: "Get an article (expand insertUser, updateUser, breadcrumbs, reactions or all).",
        params: IdParams,
        querystring: Type.Object({ expand: Type.Optional(Expand) }),
        response: { 200: ArticleRef },
      },
    },
    async (request) => articles.get(request.params.id, request.query.expand, requestContext(request)),
  );

  app.post(
    "/articles",
    {
      schema: {
        tags,
        summary: "Write an article (articles.add).",
        body: ArticlePost,
        response: { 201: ArticleRef },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return articles.create(request.body, requestContext(request));
    },
  );

  app.patch(
    "/articles/:id",
    {
      schema: {
        tags,
        summary: "Edit or move an article (articles.add); a change of what it says saves a revision.",
        params: IdParams,
        body: ArticlePatch,
        response: { 200: ArticleRef },
      },
    },
    async (request) => articles.update(request.params.id, request.body, requestContext(request)),
  );

  app.get(
    "/articles/:id/edit",
    {
      schema: {
        tags,
        summary: "An article's source, for its editor (articles.add).",
        params: IdParams,
        response: { 200: ArticleEdit },
      },
    },
    async (request) => articles.edit(request.params.id, request.viewer),
  );

  app.patch(
    "/articles/:id/status",
    {
      schema: {
        tags,
        summary: "Publish, delete or restore an article (articles.add).",
        params: IdParams,
        body: ArticleStatusPatch,
        response: { 200: ArticleRef },
      },
    },
    async (request) => articles.setStatus(request.params.id, request.body.status, requestContext(request)),
  );

  app.put(
    "/articles/:id/featured",
    {
      schema: {
        tags,
        summary: "Feature an article, or not (articles.add).",
        params: IdParams,
        body: ArticleFeaturedPut,
        response: { 200: ArticleRef },
      },
    },
    async (request) => articles.setFeatured(request.params.id, request.body.featured, requestContext(request)),
  );

  app.get(
    "/articles/:id/revisions",
    {
      schema: {
        tags,
        summary: "An article's revisions, newest first (articles.add).",
        params: IdParams,
        response: { 200: Type.Array(ArticleRevision) },
      },
    },
    async (request) => articles.revisions(request.params.id, requestContext(request)),
  );

  app.post(
    "/articles/:id/react",
    {
      schema: {
        tags,
        summary: 'Answer "Was this article helpful?" (signed in; one answer per member, changeable).',
        params: IdParams,
        body: ArticleReact,
        response: { 201: Type.Array(ArticleReaction) },
      },
    },
    async (request) => articles.react(request.params.id, request.body.helpful, requestContext(request)),
  );
};
