import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  Discussion,
  DiscussionClose,
  DiscussionDeleteList,
  DiscussionEdit,
  ResolveBulkResult,
  DiscussionMerge,
  DiscussionMove,
  DiscussionSplit,
  DiscussionGetQuery,
  DiscussionIdParams,
  DiscussionListQuery,
  FlaggedDiscussionListQuery,
  DiscussionPatch,
  DiscussionPost,
  DiscussionQuote,
  DiscussionTagsBody,
  LongRunnerQuery,
  TagFragmentList,
  limits,
  LongRunnerResult,
  longRunnerResponses,
  PostPremoderation,
  IdeaPatch,
  IdeaPatchResult,
  IdeaVoteBody,
  IdeaVoteResult,
  RecordStatus,
  RecordStatusPatch,
  RecordStatusPost,
  RecordStatusQuery,
  CanonicalUrlBody,
  StatusLog,
  StatusLogQuery,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { recordSerializers, sendJsonArray } from "../../platform/http/kept-json.ts";
import type { LongRunnerAnswer } from "../../platform/long-runner/long-runner.ts";
import type { BulkActions } from "./discussions.bulk.ts";
import type { DiscussionsService } from "./discussions.service.ts";
import { requestContext, type RequestContext } from "../../platform/http/request-context.ts";

const tags = ["Discussions"];

/** A discussion record, and one without the viewer's own fields (what a kept row's JSON holds). */
const DiscussionRecord = Type.Ref("Discussion");
const SharedDiscussionRecord = Type.Omit(Discussion, ["unread", "countUnread", "bookmarked", "muted", "dismissed"]);

/** Bulk answers: 200, 408 with a callbackPayload, or the highest failure status with the progress. */
const bulkResponse = longRunnerResponses;

interface Options {
  service: DiscussionsService;
  bulk: BulkActions;
  changeAuthor: (discussionID: number, insertUserID: number, context: RequestContext) => Promise<void>;
  split: (body: DiscussionSplit, context: RequestContext, query?: LongRunnerQuery) => Promise<LongRunnerAnswer>;
}

/** A page of a discussion list: its paging headers set, its discussions answered. */
function pageOf<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: { items: T[]; page: number; limit: number; total: number },
): T[] {
  setPagingHeaders(request, reply, {
    ...result,
    count: result.items.length,
    defaults: { limit: limits.api.defaultLimit },
  });
  return result.items;
}

/** /discussions: parse, call the service, set status and paging headers. */
export const discussionsRoutes: FastifyPluginAsyncTypebox<Options> = async (
  app,
  { service, bulk, split, changeAuthor },
) => {
  const listSerializers = recordSerializers(app, "/discussions", {
    shared: SharedDiscussionRecord,
    record: DiscussionRecord,
  });
  app.get(
    "/discussions",
    {
      config: { roleToken: true },
      schema: {
        tags,
        summary: "List discussions: filters, sorts (default -dateLastComment, announcements first) and expands.",
        querystring: DiscussionListQuery,
        response: { 200: Type.Array(Type.Ref("Discussion")) },
      },
    },
    async (request, reply) => {
      // Each record serialised on its own, a kept row's once for every viewer (discussions.list-json.ts).
      const result = await service.listJson(request.query, requestContext(request), listSerializers());
      return sendJsonArray(reply, pageOf(request, reply, result));
    },
  );

  app.get(
    "/discussions/:id",
    {
      config: { roleToken: true },
      schema: {
        tags,
        summary: "Get a discussion.",
        params: DiscussionIdParams,
        querystring: DiscussionGetQuery,
        response: { 200: Type.Ref("Discussion") },
      },
    },
    async (request) => service.get(request.params.id, request.query.expand, requestContext(request)),
  );

  app.post(
    "/discussions",
    {
      schema: {
        tags,
        summary: "Start a discussion; 202 when the post is held for approval (premoderation: nothing is written).",
        body: DiscussionPost,
        response: { 201: Type.Ref("Discussion"), 202: PostPremoderation },
      },
    },
    async (request) => service.create(request.body, requestContext(request)),
  );

  for (const [path, create, addOn] of [
    ["/discussions/idea", service.createIdea, "the ideation add-on"],
    ["/discussions/question", service.createQuestion, "the QnA add-on"],
  ] as const) {
    const type = path.slice("/discussions/".length);
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Post ${type === "idea" ? "an idea" : "a question"} (${addOn}): a discussion of type ${type}; 202 when held for approval.`,
          body: DiscussionPost,
          response: { 201: Type.Ref("Discussion"), 202: PostPremoderation },
        },
      },
      async (request) => create(request.body, requestContext(request)),
    );
  }

  for (const flag of ["bookmarked", "muted"] as const) {
    app.get(
      `/discussions/${flag}`,
      {
        schema: {
          tags,
          summary: `The signed-in member's ${flag} discussions, most recently active first.`,
          querystring: FlaggedDiscussionListQuery,
          response: { 200: Type.Array(Type.Ref("Discussion")) },
        },
      },
      async (request, reply) => {
        return pageOf(request, reply, await service.listFlagged(flag, request.query, requestContext(request)));
      },
    );
  }

  app.post(
    "/discussions/resolve-bulk",
    {
      schema: {
        tags,
        summary: "Resolve every unresolved discussion the caller may read (staff.allow, as resolving one).",
        // Vanilla's client sends no body at all: the schema must accept its absence (anything sent is ignored).
        body: Type.Unknown({ description: "No body." }),
        response: { 201: ResolveBulkResult },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.resolveAll(requestContext(request));
    },
  );

  app.get(
    "/discussions/statuses",
    {
      schema: {
        tags,
        summary: "The idea statuses (the ideation add-on): the six built in and administrators' own.",
        querystring: RecordStatusQuery,
        response: { 200: Type.Array(RecordStatus) },
      },
    },
    async (request) => service.ideaStatuses(request.query),
  );

  app.get(
    "/discussions/statuses/:id",
    {
      schema: {
        tags,
        summary: "One idea status (the ideation add-on).",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: RecordStatus },
      },
    },
    async (request) => service.ideaStatus(request.params.id),
  );

  app.post(
    "/discussions/statuses",
    {
      schema: {
        tags,
        summary: "Add an idea status (administrators; the ideation add-on).",
        body: RecordStatusPost,
        response: { 201: RecordStatus },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.createIdeaStatus(request.body, requestContext(request));
    },
  );

  app.patch(
    "/discussions/statuses/:id",
    {
      schema: {
        tags,
        summary: "Change an idea status of the administrators' own (a built-in one is read only).",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: RecordStatusPatch,
        response: { 200: RecordStatus },
      },
    },
    async (request) => service.patchIdeaStatus(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/discussions/statuses/:id",
    {
      schema: {
        tags,
        summary: "Delete an idea status of the administrators' own that no idea has (409 while some do).",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
      },
    },
    async (request, reply) => {
      await service.removeIdeaStatus(request.params.id, requestContext(request));
      return reply.code(204).send();
    },
  );

  app.get(
    "/discussions/:id/status-log",
    {
      schema: {
        tags,
        summary: "The discussion's status changes, the latest first: who, when, from and to, with the notes.",
        params: DiscussionIdParams,
        querystring: StatusLogQuery,
        response: { 200: Type.Array(StatusLog) },
      },
    },
    async (request, reply) => {
      const result = await service.statusLog(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length, defaults: { limit: 50 } });
      return result.items;
    },
  );

  app.put(
    "/discussions/:id/canonical-url",
    {
      schema: {
        tags,
        summary: "Set the discussion's canonical address (moderators): its page links it as canonical.",
        params: DiscussionIdParams,
        body: CanonicalUrlBody,
        response: { 200: Type.Ref("Discussion") },
      },
    },
    async (request) => service.setCanonicalUrl(request.params.id, request.body.canonicalUrl, requestContext(request)),
  );

  app.delete(
    "/discussions/:id/canonical-url",
    {
      schema: {
        tags,
        summary: "Remove the discussion's canonical address (moderators): its own is canonical again.",
        params: DiscussionIdParams,
      },
    },
    async (request, reply) => {
      await service.setCanonicalUrl(request.params.id, null, requestContext(request));
      return reply.code(204).send();
    },
  );

  app.put(
    "/discussions/:id/vote",
    {
      schema: {
        tags,
        summary: "Vote an idea up or down, or take the vote back (none): one vote per member (the ideation add-on).",
        params: DiscussionIdParams,
        body: IdeaVoteBody,
        response: { 200: IdeaVoteResult },
      },
    },
    async (request) => service.vote(request.params.id, request.body, requestContext(request)),
  );

  app.patch(
    "/discussions/:id/idea",
    {
      schema: {
        tags,
        summary: "Set an idea's status and notes (moderators; its voters are notified; the ideation add-on).",
        params: DiscussionIdParams,
        body: IdeaPatch,
        response: { 200: IdeaPatchResult },
      },
    },
    async (request) => service.setIdeaStatus(request.params.id, request.body, requestContext(request)),
  );

  app.put(
    "/discussions/:id/status",
    {
      schema: {
        tags,
        summary:
          "Vanilla's status change: an idea's status and notes as PATCH /discussions/{id}/idea sets them; the idea.",
        params: DiscussionIdParams,
        body: IdeaPatch,
        response: { 200: Type.Ref("Discussion") },
      },
    },
    async (request) => {
      const context = requestContext(request);
      await service.setIdeaStatus(request.params.id, request.body, context);
      return service.get(request.params.id, undefined, context);
    },
  );

  app.patch(
    "/discussions/:id",
    {
      schema: {
        tags,
        summary: "Edit a discussion or change its flags.",
        params: DiscussionIdParams,
        body: DiscussionPatch,
        // An edit held for approval (premoderation): the post keeps its text until a moderator approves it.
        response: { 200: Type.Ref("Discussion"), 202: PostPremoderation },
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

  app.delete(
    "/discussions/:id",
    {
      schema: {
        tags,
        summary: "Delete a discussion and its comments.",
        params: DiscussionIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.id, requestContext(request));
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
        response: { 200: DiscussionEdit },
      },
    },
    async (request) => service.edit(request.params.id, requestContext(request)),
  );

  app.get(
    "/discussions/:id/quote",
    {
      schema: {
        tags,
        summary: "What a quote needs: the raw body and its author.",
        params: DiscussionIdParams,
        response: { 200: DiscussionQuote },
      },
    },
    async (request) => service.quote(request.params.id, requestContext(request)),
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
      { schema: { tags, summary, params: DiscussionIdParams, body: Body, response: { 200: Result } } },
      async (request) => {
        const value = (request.body as Record<string, boolean | undefined>)[flag] ?? flag !== "muted";
        return { [flag]: await service.setFlag(request.params.id, flag, value, requestContext(request)) };
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
        response: { 200: Type.Ref("Discussion") },
      },
    },
    async (request) => service.bump(request.params.id, requestContext(request)),
  );

  app.put(
    "/discussions/:id/type",
    {
      schema: {
        tags,
        summary: "Change the post type.",
        params: DiscussionIdParams,
        body: Type.Object({
          type: Type.String({ description: "The type to make it: discussion, question, idea or poll." }),
          postTypeID: Type.Optional(
            Type.String({ description: "A site's own post type of that type (the post types add-on)." }),
          ),
        }),
        response: { 200: Type.Ref("Discussion") },
      },
    },
    async (request) => service.setType(request.params.id, request.body, requestContext(request)),
  );

  for (const [method, mode, summary] of [
    ["PUT", "replace", "Replace the tags."],
    ["POST", "add", "Add tags, keeping those it has."],
  ] as const) {
    app.route({
      method,
      url: "/discussions/:id/tags",
      schema: {
        tags,
        summary,
        params: DiscussionIdParams,
        body: DiscussionTagsBody,
        response: { 200: TagFragmentList },
      },
      // Vanilla answers both with 200 (a POST here would otherwise answer 201).
      handler: async (request, reply) => {
        reply.code(200);
        return service.setTags(
          request.params.id,
          request.body.tagIDs ?? [],
          request.body.urlcodes ?? [],
          requestContext(request),
          mode,
        );
      },
    });
  }

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
      const { status, body } = await bulk.delete(request.body.discussionIDs, requestContext(request), request.query);
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
        requestContext(request),
        request.query,
        request.body.postTypeID,
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
        requestContext(request),
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
        requestContext(request),
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
      const { status, body } = await split(request.body, requestContext(request), request.query);
      reply.code(status as 200);
      return body;
    },
  );
};
