import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { TagIdParams, TagListQuery, TagMerge, TagPatch, TagPost } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { TagsService } from "./tags.service.ts";

const tags = ["Tags"];

export const tagsRoutes: FastifyPluginAsyncTypebox<{ service: TagsService }> = async (app, { service }) => {
  app.get(
    "/tags",
    {
      schema: {
        tags,
        summary: "List tags; `query` finds names starting with the text.",
        querystring: TagListQuery,
        response: { 200: Type.Array(Type.Ref("Tag")) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length });
      return result.items;
    },
  );
  app.get(
    "/tags/:id",
    { schema: { tags, summary: "Get a tag.", params: TagIdParams, response: { 200: Type.Ref("Tag") } } },
    async (request) => service.get(request.params.id, requestContext(request)),
  );
  app.post(
    "/tags",
    { schema: { tags, summary: "Create a tag.", body: TagPost, response: { 201: Type.Ref("Tag") } } },
    async (request) => service.create(request.body, requestContext(request)),
  );
  app.patch(
    "/tags/:id",
    {
      schema: {
        tags,
        summary: "Edit a tag.",
        params: TagIdParams,
        body: TagPatch,
        response: { 200: Type.Ref("Tag") },
      },
    },
    async (request) => service.patch(request.params.id, request.body, requestContext(request)),
  );
  app.post(
    "/tags/:id/merge",
    {
      schema: {
        tags,
        summary: "Merge a tag into another: its discussions take the other tag, and it is deleted.",
        params: TagIdParams,
        body: TagMerge,
        response: { 200: Type.Ref("Tag") },
      },
    },
    // An action on existing tags: 200, not the 201 of a POST that creates.
    async (request, reply) =>
      reply.code(200).send(await service.merge(request.params.id, request.body, requestContext(request))),
  );
  app.delete(
    "/tags/:id",
    {
      schema: {
        tags,
        summary: 'Delete an unused tag (409 "Tag isn\'t empty." otherwise).',
        params: TagIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.remove(request.params.id, requestContext(request));
      return null;
    },
  );
};
