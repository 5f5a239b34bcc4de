import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  CommentDeleteList,
  CommentEdit,
  CommentIdParams,
  AnswerPatch,
  CommentListQuery,
  CommentLocation,
  CommentPatch,
  CommentPost,
  CommentQuote,
  CommentThread,
  CommentThreadQuery,
  limits,
  LongRunnerQuery,
  longRunnerResponses,
  PostPremoderation,
} from "@parley/contracts";
import type { LongRunner } from "../../platform/long-runner/long-runner.ts";
import { recordSerializers, sendJsonArray } from "../../platform/http/kept-json.ts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { CommentsService } from "./comments.service.ts";
import { requestContext, type RequestContext } from "../../platform/http/request-context.ts";

const tags = ["Comments"];
interface Options {
  service: CommentsService;
  longRunner: LongRunner;
  changeAuthor: (commentID: number, insertUserID: number, context: RequestContext) => Promise<void>;
}

export const commentsRoutes: FastifyPluginAsyncTypebox<Options> = async (
  app,
  { service, longRunner, changeAuthor },
) => {
  const listSerializers = recordSerializers(app, "/comments", { record: Type.Ref("Comment") });
  app.delete(
    "/comments/list",
    {
      schema: {
        tags,
        summary: "Delete several comments (long-running: 408 with a callbackPayload for POST /calls/run).",
        querystring: LongRunnerQuery,
        body: CommentDeleteList,
        response: longRunnerResponses,
      },
    },
    async (request, reply) => {
      const { status, body } = await longRunner.start(
        "comments.delete",
        request.body.commentIDs,
        { deleteMethod: request.body.deleteMethod ?? "full" },
        requestContext(request),
        request.query,
      );
      reply.code(status as 200);
      return body;
    },
  );

  app.get(
    "/comments",
    {
      schema: {
        tags,
        summary: "A discussion's comments (or a member's), paged; sorts oldest, newest, top, trending.",
        querystring: CommentListQuery,
        response: { 200: Type.Array(Type.Ref("Comment")) },
      },
    },
    async (request, reply) => {
      // Each record serialised on its own, a kept row's once for every reader (comments.list-json.ts).
      const result = await service.listJson(request.query, requestContext(request), listSerializers().record);
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: limits.api.defaultLimit },
      });
      return sendJsonArray(reply, result.items);
    },
  );
  app.get(
    "/comments/thread",
    {
      schema: {
        tags,
        summary:
          "A page of a discussion's top-level comments (or of one comment's replies) with their replies nested; deeper and later replies are folded into holes.",
        querystring: CommentThreadQuery,
        response: { 200: CommentThread },
      },
    },
    async (request, reply) => {
      const { thread, ...paging } = await service.thread(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...paging,
        count: thread.threadStructure.filter((item) => item.type === "comment").length,
        defaults: {
          limit: limits.api.defaultLimit,
          collapseChildDepth: limits.commentThread.collapseChildDepth,
          collapseChildLimit: limits.commentThread.collapseChildLimit,
        },
      });
      return thread;
    },
  );
  app.get(
    "/comments/:id",
    {
      schema: {
        tags,
        summary: "Get a comment.",
        params: CommentIdParams,
        querystring: Type.Object({ expand: Type.Optional(Type.Array(Type.String())) }),
        response: { 200: Type.Ref("Comment") },
      },
    },
    async (request) => service.get(request.params.id, request.query.expand, requestContext(request)),
  );
  app.get(
    "/comments/:id/location",
    {
      schema: {
        tags,
        summary: "The discussion page a comment is on (for /discussion/comment/{id}).",
        params: CommentIdParams,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        response: { 200: CommentLocation },
      },
    },
    async (request) =>
      // By default the discussion page's own size, so the returned URL's /pN is the page that shows the comment.
      service.locate(request.params.id, request.query.limit ?? limits.pager.commentsPerPage, requestContext(request)),
  );
  app.post(
    "/comments",
    {
      schema: {
        tags,
        summary: "Reply to a discussion; 202 when the post is held for approval (premoderation: nothing is written).",
        body: CommentPost,
        response: { 201: Type.Ref("Comment"), 202: PostPremoderation },
      },
    },
    async (request) => service.create(request.body, requestContext(request)),
  );
  app.patch(
    "/comments/:id",
    {
      schema: {
        tags,
        summary: "Edit a comment.",
        params: CommentIdParams,
        body: CommentPatch,
        // An edit held for approval (premoderation): the post keeps its text until a moderator approves it.
        response: { 200: Type.Ref("Comment"), 202: PostPremoderation },
      },
    },
    async (request) => {
      const { insertUserID, ...rest } = request.body;
      if (insertUserID !== undefined) {
        await changeAuthor(request.params.id, insertUserID, requestContext(request));
        if (Object.keys(rest).length === 0) return service.get(request.params.id, undefined, requestContext(request));
      }
      return service.patch(request.params.id, rest, requestContext(request));
    },
  );
  app.patch(
    "/comments/:id/answer",
    {
      schema: {
        tags,
        summary: "Accept or reject an answer to a question (the asker or a moderator; the QnA add-on).",
        params: CommentIdParams,
        body: AnswerPatch,
        response: { 200: Type.Ref("Comment") },
      },
    },
    async (request) => service.answer(request.params.id, request.body, requestContext(request)),
  );
  app.delete(
    "/comments/:id",
    {
      schema: {
        tags,
        summary: "Delete a comment.",
        params: CommentIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.id, requestContext(request));
      return null;
    },
  );
  app.get(
    "/comments/:id/edit",
    {
      schema: {
        tags,
        summary: "The raw source, for editing.",
        params: CommentIdParams,
        response: { 200: CommentEdit },
      },
    },
    async (request) => service.edit(request.params.id, requestContext(request)),
  );
  app.get(
    "/comments/:id/quote",
    {
      schema: {
        tags,
        summary: "What a quote needs.",
        params: CommentIdParams,
        response: { 200: CommentQuote },
      },
    },
    async (request) => service.quote(request.params.id, requestContext(request)),
  );
};
