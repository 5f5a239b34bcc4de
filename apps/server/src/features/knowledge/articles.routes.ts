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
  ErrorBody,
  Expand,
  knowledgeRules,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { ArticlesService } from "./articles.service.ts";
import { knowledgeContextOf } from "./knowledge.routes.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
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
        response: { 200: Type.Array(ArticleRef), ...errors },
      },
    },
    async (request, reply) => {
      const result = await articles.list(request.query, knowledgeContextOf(request));
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
        response: { 200: ArticleRef, ...errors },
      },
    },
    async (request) => articles.get(request.params.id, request.query.expand, knowledgeContextOf(request)),
  );

  app.post(
    "/articles",
    {
      schema: {
        tags,
        summary: "Write an article (articles.add).",
        body: ArticlePost,
        response: { 201: ArticleRef, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return articles.create(request.body, knowledgeContextOf(request));
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
        response: { 200: ArticleRef, ...errors },
      },
    },
    async (request) => articles.update(request.params.id, request.body, knowledgeContextOf(request)),
  );

  app.get(
    "/articles/:id/edit",
    {
      schema: {
        tags,
        summary: "An article's source, for its editor (articles.add).",
        params: IdParams,
        response: { 200: ArticleEdit, ...errors },
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
        response: { 200: ArticleRef, ...errors },
      },
    },
    async (request) => articles.setStatus(request.params.id, request.body.status, knowledgeContextOf(request)),
  );

  app.put(
    "/articles/:id/featured",
    {
      schema: {
        tags,
        summary: "Feature an article, or not (articles.add).",
        params: IdParams,
        body: ArticleFeaturedPut,
        response: { 200: ArticleRef, ...errors },
      },
    },
    async (request) => articles.setFeatured(request.params.id, request.body.featured, knowledgeContextOf(request)),
  );

  app.get(
    "/articles/:id/revisions",
    {
      schema: {
        tags,
        summary: "An article's revisions, newest first (articles.add).",
        params: IdParams,
        response: { 200: Type.Array(ArticleRevision), ...errors },
      },
    },
    async (request) => articles.revisions(request.params.id, knowledgeContextOf(request)),
  );

  app.post(
    "/articles/:id/react",
    {
      schema: {
        tags,
        summary: 'Answer "Was this article helpful?" (signed in; one answer per member, changeable).',
        params: IdParams,
        body: ArticleReact,
        response: { 201: Type.Array(ArticleReaction), ...errors },
      },
    },
    async (request) => articles.react(request.params.id, request.body.helpful, knowledgeContextOf(request)),
  );
};
