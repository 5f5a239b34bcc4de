import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  IdParams,
  ModerationMessage,
  ModerationMessageDismissal,
  ModerationMessagePatch,
  ModerationMessagePost,
  ModerationMessageQuery,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { ModerationMessagesService } from "./messages.service.ts";

const tags = ["Moderation Messages"];

/** `/moderation-messages` (dashboard-moderation-messages.yml): everyone reads the enabled ones; community.manage writes. */
export const moderationMessagesRoutes: FastifyPluginAsyncTypebox<{ service: ModerationMessagesService }> = async (
  app,
  { service },
) => {
  app.get(
    "/moderation-messages",
    {
      schema: {
        tags,
        summary: "List moderation messages (the enabled ones; every one with community.manage).",
        querystring: ModerationMessageQuery,
        response: { 200: Type.Array(ModerationMessage) },
      },
    },
    async (request) => service.list(request.query, requestContext(request)),
  );

  app.get(
    "/moderation-messages/:id",
    {
      schema: {
        tags,
        summary: "Get a moderation message (an enabled one; any with community.manage).",
        params: IdParams,
        response: { 200: ModerationMessage },
      },
    },
    async (request) => service.get(request.params.id, requestContext(request)),
  );

  app.put(
    "/moderation-messages/:id/dismiss",
    {
      schema: {
        tags,
        summary: "Dismiss a dismissible moderation message for the signed-in member: it is no longer listed to them.",
        params: IdParams,
        // Vanilla's client sends no body: its absence is accepted (anything sent is ignored).
        body: Type.Unknown({ description: "No body." }),
        response: { 200: ModerationMessageDismissal },
      },
    },
    async (request) => service.dismiss(request.params.id, requestContext(request)),
  );

  app.post(
    "/moderation-messages",
    {
      schema: {
        tags,
        summary: "Add a moderation message (community.manage).",
        body: ModerationMessagePost,
        response: { 201: ModerationMessage },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(request.body, requestContext(request));
    },
  );

  app.patch(
    "/moderation-messages/:id",
    {
      schema: {
        tags,
        summary: "Change a moderation message (community.manage).",
        params: IdParams,
        body: ModerationMessagePatch,
        response: { 200: ModerationMessage },
      },
    },
    async (request) => service.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/moderation-messages/:id",
    {
      schema: {
        tags,
        summary: "Delete a moderation message (community.manage).",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.id, requestContext(request));
      return null;
    },
  );
};
