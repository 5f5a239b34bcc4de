import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { limits, LongRunnerQuery, longRunnerResponses, UserMention, UserMentionListQuery } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { LongRunner } from "../../platform/long-runner/long-runner.ts";
import { ANONYMIZE_ACTION, type MentionsService } from "./mentions.service.ts";

const tags = ["User Mentions"];

/** /user-mentions: Vanilla's list of a member's mentions, and anonymising them. */
export const mentionsRoutes: FastifyPluginAsyncTypebox<{ service: MentionsService; longRunner: LongRunner }> = async (
  app,
  { service, longRunner },
) => {
  app.get(
    "/user-mentions/users/:userID",
    {
      schema: {
        tags,
        summary: "A member's mentions, the latest first, in the posts the viewer may read (administrators).",
        params: Type.Object({ userID: Type.Integer() }),
        querystring: UserMentionListQuery,
        response: { 200: Type.Array(UserMention) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.params.userID, request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: limits.api.defaultLimit },
      });
      return result.items;
    },
  );

  app.post(
    "/user-mentions/:id/anonymize",
    {
      schema: {
        tags,
        summary:
          "Anonymise a member's mentions (administrators): each post's mention rewritten through its own edit. Long runner.",
        params: Type.Object({ id: Type.Integer() }),
        querystring: LongRunnerQuery,
        body: Type.Optional(Type.Object({})),
        response: longRunnerResponses,
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      const ids = await service.toAnonymize(request.params.id, context.viewer);
      const { status, body } = await longRunner.start(
        ANONYMIZE_ACTION,
        ids,
        { userID: request.params.id },
        context,
        request.query,
      );
      reply.code(status as 200);
      return body;
    },
  );
};
