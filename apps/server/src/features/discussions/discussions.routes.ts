import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  DiscussionClose,
  DiscussionDeleteList,
  DiscussionEdit,
  DiscussionMerge,
  DiscussionMove,
  DiscussionSplit,
  DiscussionGetQuery,
  DiscussionIdParams,
  DiscussionListQuery,
  DiscussionPatch,
  DiscussionPost,
  DiscussionQuote,
  DiscussionTagsBody,
  ErrorBody,
  LongRunnerQuery,
  TagFragmentList,
  limits,
  LongRunnerResult,
  longRunnerResponses,
} from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { LongRunnerAnswer } from "../../platform/long-runner/long-runner.ts";
import type { BulkActions } from "./discussions.bulk.ts";
import type { DiscussionRequestContext, DiscussionsService } from "./discussions.service.ts";

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
const tags = ["Discussions"];
/** Bulk answers: 200, 408 with a callbackPayload, or the highest failure status with the progress. */
const bulkResponse = longRunnerResponses;

const contextOf = (request: FastifyRequest): DiscussionRequestContext => ({
  viewer: request.viewer,
  origin: originOf(request),
  ip: request.ip,
});

interface Options {
  service: DiscussionsService;
  bulk: BulkActions;
  changeAuthor: (discussionID: number, insertUserID: number, context: DiscussionRequestContext) => Promise<void>;
  split: (
    body: DiscussionSplit,
    context: DiscussionRequestContext,
    query?: LongRunnerQuery,
  ) => Promise<LongRunnerAnswer>;
}

/** /discussions: parse, call the service, set status and paging headers. */
export const discussionsRoutes: FastifyPluginAsyncTypebox<Options> = async (
  app,
  { service, bulk, split, changeAuthor },
) => {
  app.get(
    "/discussions",
    {
      schema: {
        tags,
        summary: "List discussions: filters, sorts (default -dateLastComment, announcements first) and expands.",
        querystring: DiscussionListQuery,
        response: { 200: Type.Array(Type.Ref("Discussion")), ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, contextOf(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: limits.api.defaultLimit },
      });
      return result.items;
    },
  );

  app.get(
    "/discussions/:id",
    {
      schema: {
        tags,
        summary: "Get a discussion.",
        params: DiscussionIdParams,
        querystring: DiscussionGetQuery,
        response: { 200: Type.Ref("Discussion"), ...errors },
      },
    },
    async (request) => service.get(request.params.id, request.query.expand, contextOf(request)),
  );

  app.post(
    "/discussions",
    {
      schema: {
        tags,
        summary: "Start a discussion.",
        body: DiscussionPost,
        response: { 201: Type.Ref("Discussion"), ...errors },
      },
    },
    async (request) => service.create(request.body, contextOf(request)),
  );

  app.patch(
    "/discussions/:id",
    {
      schema: {
        tags,
        summary: "Edit a discussion or change its flags.",
        params: DiscussionIdParams,
        body: DiscussionPatch,
        response: { 200: Type.Ref("Discussion"), ...errors },
      },
    },
    async (request) => {
      const { insertUserID, ...rest } = request.body;
      if (insertUserID !== undefined) {
        await changeAuthor(request.params.id, insertUserID, contextOf(request));
        if (Object.keys(rest).length === 0) return service.get(request.params.id, undefined, contextOf(request));
      }
      return service.patch(request.params.id, rest, contextOf(request));
    },
  );

  app.delete(
    "/discussions/:id",
    {
      schema: {
        tags,
        summary: "Delete a discussion and its comments.",
        params: DiscussionIdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id, contextOf(request));
      return null;
    },
  );

  app.get(
    "/discussions/:id/edit",
    {
      schema: {
        tags,
        summary: "The raw source, for editing.",
        params: DiscussionIdParams,
        response: { 200: DiscussionEdit, ...errors },
      },
    },
    async (request) => service.edit(request.params.id, contextOf(request)),
  );

  app.get(
    "/discussions/:id/quote",
    {
      schema: {
        tags,
        summary: "What a quote needs: the raw body and its author.",
        params: DiscussionIdParams,
        response: { 200: DiscussionQuote, ...errors },
      },
    },
    async (request) => service.quote(request.params.id, contextOf(request)),
  );

  for (const [path, flag, summary] of [
    ["bookmark", "bookmarked", "Bookmark or unbookmark."],
    ["mute", "muted", "Mute or unmute: no notifications from it."],
    ["dismiss", "dismissed", "Dismiss an announcement (or undo it)."],
  ] as const) {
    const Body = Type.Object({ [flag]: Type.Optional(Type.Boolean()) });
    const Result = Type.Object({ [flag]: Type.Boolean() });
    app.put(
      `/discussions/:id/${path}`,
      { schema: { tags, summary, params: DiscussionIdParams, body: Body, response: { 200: Result, ...errors } } },
      async (request) => {
        const value = (request.body as Record<string, boolean | undefined>)[flag] ?? flag !== "muted";
        return { [flag]: await service.setFlag(request.params.id, flag, value, contextOf(request)) };
      },
    );
  }

  app.patch(
    "/discussions/:id/bump",
    {
      schema: {
        tags,
        summary: "Move to the top of the lists (curation.manage).",
        params: DiscussionIdParams,
        // Vanilla's client sends no body at all: the schema must accept its absence (anything sent is ignored).
        body: Type.Unknown({ description: "No body." }),
        response: { 200: Type.Ref("Discussion"), ...errors },
      },
    },
    async (request) => service.bump(request.params.id, contextOf(request)),
  );

  app.put(
    "/discussions/:id/type",
    {
      schema: {
        tags,
        summary: "Change the post type.",
        params: DiscussionIdParams,
        body: Type.Object({ type: Type.String() }),
        response: { 200: Type.Ref("Discussion"), ...errors },
      },
    },
    async (request) => service.setType(request.params.id, request.body.type, contextOf(request)),
  );

  app.put(
    "/discussions/:id/tags",
    {
      schema: {
        tags,
        summary: "Replace the tags.",
        params: DiscussionIdParams,
        body: DiscussionTagsBody,
        response: { 200: TagFragmentList, ...errors },
      },
    },
    async (request) =>
      service.setTags(request.params.id, request.body.tagIDs ?? [], request.body.urlcodes ?? [], contextOf(request)),
  );

  app.delete(
    "/discussions/list",
    {
      schema: {
        tags,
        summary: "Delete several discussions.",
        querystring: LongRunnerQuery,
        body: DiscussionDeleteList,
        response: bulkResponse,
      },
    },
    async (request, reply) => {
      const { status, body } = await bulk.delete(request.body.discussionIDs, contextOf(request), request.query);
      reply.code(status as 200);
      return body;
    },
  );

  app.patch(
    "/discussions/move",
    {
      schema: {
        tags,
        summary: "Move several discussions to a category.",
        querystring: LongRunnerQuery,
        body: DiscussionMove,
        response: bulkResponse,
      },
    },
    async (request, reply) => {
      const { status, body } = await bulk.move(
        request.body.discussionIDs,
        request.body.categoryID,
        contextOf(request),
        request.query,
      );
      reply.code(status as 200);
      return body;
    },
  );

  app.patch(
    "/discussions/close",
    {
      schema: {
        tags,
        summary: "Close (or reopen) several discussions.",
        querystring: LongRunnerQuery,
        body: DiscussionClose,
        response: bulkResponse,
      },
    },
    async (request, reply) => {
      const { status, body } = await bulk.close(
        request.body.discussionIDs,
        request.body.closed ?? true,
        contextOf(request),
        request.query,
      );
      reply.code(status as 200);
      return body;
    },
  );

  app.patch(
    "/discussions/merge",
    {
      schema: {
        tags,
        summary: "Merge discussions into one: each becomes a comment of the destination, its comments move along.",
        querystring: LongRunnerQuery,
        body: DiscussionMerge,
        response: bulkResponse,
      },
    },
    async (request, reply) => {
      const { discussionIDs, destinationDiscussionID, addRedirects = false } = request.body;
      const { status, body } = await bulk.merge(
        discussionIDs,
        { destinationDiscussionID, addRedirects },
        contextOf(request),
        request.query,
      );
      reply.code(status as 200);
      return body;
    },
  );

  app.post(
    "/discussions/split",
    {
      schema: {
        tags,
        summary: "Split comments out into a new discussion.",
        querystring: LongRunnerQuery,
        body: DiscussionSplit,
        response: { 201: LongRunnerResult, ...bulkResponse },
      },
    },
    async (request, reply) => {
      const { status, body } = await split(request.body, contextOf(request), request.query);
      reply.code(status as 200);
      return body;
    },
  );
};
