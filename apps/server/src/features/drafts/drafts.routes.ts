import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  DraftEdit,
  DraftIdParams,
  DraftListQuery,
  DraftPatch,
  DraftPost,
  DraftSchedule,
  ErrorBody,
  limits,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { DraftsService } from "./drafts.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

/** Bodies past the size limit (the platform adds the standard failures). */
const tooLarge = { 413: ErrorBody };
const tags = ["Drafts"];
const draft = { 200: Type.Ref("Draft"), ...tooLarge };

export const draftsRoutes: FastifyPluginAsyncTypebox<{ service: DraftsService }> = async (app, { service }) => {
  app.get(
    "/drafts",
    {
      schema: {
        tags,
        summary: "The signed-in member's drafts and scheduled posts, paged (newest change first).",
        querystring: DraftListQuery,
        response: { 200: Type.Array(Type.Ref("Draft")), ...tooLarge },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: limits.drafts.defaultLimit },
      });
      return result.items;
    },
  );
  app.get(
    "/drafts/:id",
    { schema: { tags, summary: "One of your drafts.", params: DraftIdParams, response: draft } },
    async (request) => service.get(request.params.id, requestContext(request)),
  );
  app.get(
    "/drafts/:id/edit",
    {
      schema: {
        tags,
        summary: "A draft's fields for its form (old-style fields mapped).",
        params: DraftIdParams,
        response: { 200: DraftEdit, ...tooLarge },
      },
    },
    async (request) => service.edit(request.params.id, requestContext(request)),
  );
  app.post(
    "/drafts",
    {
      schema: {
        tags,
        summary: "Save a draft (or schedule it: draftStatus scheduled with dateScheduled, needs schedule.allow).",
        body: DraftPost,
        response: { 201: Type.Ref("Draft"), ...tooLarge },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, requestContext(request));
      return reply.status(201).send(created);
    },
  );
  app.patch(
    "/drafts/schedule/:id",
    {
      schema: {
        tags,
        summary: "Move a scheduled draft to another time.",
        params: DraftIdParams,
        body: DraftSchedule,
        response: draft,
      },
    },
    async (request) => service.schedule(request.params.id, request.body, requestContext(request)),
  );
  app.patch(
    "/drafts/cancel-schedule/:id",
    {
      schema: {
        tags,
        summary: "Make a scheduled (or failed) draft a plain draft again.",
        body: Type.Optional(Type.Object({}, { description: "No fields." })),
        params: DraftIdParams,
        response: draft,
      },
    },
    async (request) => service.cancelSchedule(request.params.id, requestContext(request)),
  );
  app.patch(
    "/drafts/:id",
    { schema: { tags, summary: "Update a draft.", params: DraftIdParams, body: DraftPatch, response: draft } },
    async (request) => service.patch(request.params.id, request.body, requestContext(request)),
  );
  app.delete(
    "/drafts/:id",
    {
      schema: { tags, summary: "Delete a draft.", params: DraftIdParams, response: { 204: Type.Null(), ...tooLarge } },
    },
    async (request, reply) => {
      await service.remove(request.params.id, requestContext(request));
      return reply.status(204).send(null);
    },
  );
};
