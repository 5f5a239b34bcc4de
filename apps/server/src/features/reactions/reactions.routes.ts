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
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { RecordType } from "./reactions.repo.ts";
import type { ReactableLoader, ReactionsService } from "./reactions.service.ts";

interface Options {
  service: ReactionsService;
  loaders: Record<RecordType, ReactableLoader>;
}

/** GET /reactions and PATCH /reactions/{urlCode}, and for discussions and comments: react, unreact, and the reaction log. */
export const reactionsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, loaders }) => {
  app.get(
    "/reactions",
    { schema: { tags: ["Reactions"], summary: "The reaction types.", response: { 200: Type.Array(ReactionType) } } },
    async (request) => service.types(requestContext(request).origin),
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
