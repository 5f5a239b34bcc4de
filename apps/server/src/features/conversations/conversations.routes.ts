import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  ConversationGetQuery,
  ConversationListQuery,
  ConversationParticipant,
  ConversationPost,
  IdParams,
  MessageListQuery,
  MessagePost,
  ParticipantListQuery,
  ParticipantsPost,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { ConversationsService } from "./conversations.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

const tags = ["Conversations"];

/** /conversations and /messages: private conversations between members (reference §6). */
export const conversationsRoutes: FastifyPluginAsyncTypebox<{ service: ConversationsService }> = async (
  app,
  { service },
) => {
  app.get(
    "/conversations",
    {
      schema: {
        tags,
        summary: "The signed-in member's conversations, most recently active first (more-pager).",
        querystring: ConversationListQuery,
        response: { 200: Type.Array(Type.Ref("Conversation")) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, { page: result.page, limit: result.limit, count: result.items.length });
      return result.items;
    },
  );

  app.post(
    "/conversations",
    {
      schema: {
        tags,
        summary: "Start a conversation (needs conversations.add); the first message goes with it.",
        body: ConversationPost,
        response: { 201: Type.Ref("Conversation") },
      },
    },
    async (request, reply) => {
      const conversation = await service.create(request.body, requestContext(request));
      reply.code(201);
      return conversation;
    },
  );

  app.get(
    "/conversations/:id",
    {
      schema: {
        tags,
        summary: "One conversation, for its participants.",
        params: IdParams,
        querystring: ConversationGetQuery,
        response: { 200: Type.Ref("Conversation") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.get(request.params.id, request.query.expand, requestContext(request));
    },
  );

  app.get(
    "/conversations/:id/participants",
    {
      schema: {
        tags,
        summary: "A conversation's participants, those who left included (numbered pager).",
        params: IdParams,
        querystring: ParticipantListQuery,
        response: { 200: Type.Array(ConversationParticipant) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      const result = await service.participants(request.params.id, request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length });
      return result.items;
    },
  );

  app.post(
    "/conversations/:id/participants",
    {
      schema: {
        tags,
        summary: "Add members to a conversation you take part in.",
        params: IdParams,
        body: ParticipantsPost,
        response: { 201: Type.Array(ConversationParticipant) },
      },
    },
    async (request, reply) => {
      const result = await service.addParticipants(
        request.params.id,
        request.body.participantUserIDs,
        requestContext(request),
      );
      reply.code(201);
      return result.items;
    },
  );

  app.delete(
    "/conversations/:id/leave",
    {
      schema: {
        tags,
        summary: "Leave a conversation: it is no longer listed, and its new messages no longer reach you.",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.leave(request.params.id, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.get(
    "/messages",
    {
      schema: {
        tags,
        summary: "A conversation's messages, oldest first (numbered pager); reading them marks it read.",
        querystring: MessageListQuery,
        response: { 200: Type.Array(Type.Ref("ConversationMessage")) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      const result = await service.messages(request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length });
      return result.items;
    },
  );

  app.get(
    "/messages/:id",
    {
      schema: {
        tags,
        summary: "One message, for the participants of its conversation (and moderators).",
        params: IdParams,
        response: { 200: Type.Ref("ConversationMessage") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.message(request.params.id, requestContext(request));
    },
  );

  app.post(
    "/messages",
    {
      schema: {
        tags,
        summary: "Add a message to a conversation you take part in.",
        body: MessagePost,
        response: { 201: Type.Ref("ConversationMessage") },
      },
    },
    async (request, reply) => {
      const message = await service.postMessage(request.body, requestContext(request));
      reply.code(201);
      return message;
    },
  );
};
