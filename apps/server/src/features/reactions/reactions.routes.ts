import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  ReactionCount,
  ReactionLogEntry,
  ReactionLogQuery,
  ReactionPost,
  ReactionRecordParams,
  ReactionType,
  ReactionTypeParams,
  ReactionTypePatch,
  ReactionUserParams,
  ReactedQuery,
  ReactedRecord,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import { reactedPosts } from "./reactions.reacted.ts";
import type { RecordType } from "./reactions.repo.ts";
import type { ReactableLoader, ReactionsService } from "./reactions.service.ts";

interface Options {
  service: ReactionsService;
  loaders: Record<RecordType, ReactableLoader>;
  reacted: Parameters<typeof reactedPosts>[0];
}

/** GET /reactions and PATCH /reactions/{urlCode}, and for discussions and comments: react, unreact, and the reaction log. */
export const reactionsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, loaders, reacted }) => {
  app.get(
    "/users/:id/reacted",
    {
      schema: {
        tags: ["Users"],
        summary: "A member's posts that received a reaction of one type, newest first (what the viewer may read).",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        querystring: ReactedQuery,
        response: { 200: Type.Array(ReactedRecord) },
      },
    },
    async (request) => reactedPosts(reacted, request.params.id, request.query, requestContext(request)),
  );
  app.get(
    "/reactions",
    { schema: { tags: ["Reactions"], summary: "The reaction types.", response: { 200: Type.Array(ReactionType) } } },
    async (request) => service.types(requestContext(request).origin),
  );
  app.get(
    "/reactions/:urlCode",
    {
      schema: {
        tags: ["Reactions"],
        summary: "One reaction type.",
        params: ReactionTypeParams,
        response: { 200: ReactionType },
      },
    },
    async (request) => service.type(request.params.urlCode, requestContext(request)),
  );
  app.get(
    "/reactions/edit/:urlCode",
    {
      schema: {
        tags: ["Reactions"],
        summary: "A reaction type for its edit form (community.manage).",
        params: ReactionTypeParams,
        response: { 200: ReactionType },
      },
    },
    async (request) => service.type(request.params.urlCode, requestContext(request), true),
  );
  app.patch(
    "/reactions/:urlCode",
    {
      schema: {
        tags: ["Reactions"],
        summary: "Edit a reaction type, or turn it on or off (community.manage).",
        params: ReactionTypeParams,
        body: ReactionTypePatch,
        response: { 200: ReactionType },
      },
    },
    async (request) => service.updateType(request.params.urlCode, request.body, requestContext(request)),
  );

  for (const recordType of ["discussion", "comment"] as const) {
    const base = `/${recordType}s/:id/reactions`;
    const tags = [recordType === "discussion" ? "Discussions" : "Comments"];
    const load = loaders[recordType];
    app.post(
      base,
      {
        schema: {
          tags,
          summary: `React to a ${recordType} (replaces your previous reaction).`,
          params: ReactionRecordParams,
          body: ReactionPost,
          response: { 201: Type.Array(ReactionCount) },
        },
      },
      async (request) =>
        service.react(recordType, request.params.id, request.body.reactionType, requestContext(request), load),
    );
    app.delete(
      base,
      {
        schema: {
          tags,
          summary: "Remove your reaction.",
          params: ReactionRecordParams,
          response: { 204: Type.Null() },
        },
      },
      async (request) => {
        await service.unreact(recordType, request.params.id, request.viewer.userID, requestContext(request), load);
        return null;
      },
    );
    app.delete(
      `${base}/:userID`,
      {
        schema: {
          tags,
          summary: "Remove a member's reaction (your own, or anyone's with community.moderate).",
          params: ReactionUserParams,
          response: { 204: Type.Null() },
        },
      },
      async (request) => {
        await service.unreact(recordType, request.params.id, request.params.userID, requestContext(request), load);
        return null;
      },
    );
    app.get(
      base,
      {
        schema: {
          tags,
          summary: "Who reacted how (reactions.view).",
          params: ReactionRecordParams,
          querystring: ReactionLogQuery,
          response: { 200: Type.Array(ReactionLogEntry) },
        },
      },
      async (request) => service.log(recordType, request.params.id, request.query, requestContext(request), load),
    );
  }
};
