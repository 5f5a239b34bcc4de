import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorBody, TagIdParams, TagListQuery, TagPatch, TagPost } from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { TagsService } from "./tags.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ["Tags"];

export const tagsRoutes: FastifyPluginAsyncTypebox<{ service: TagsService }> = async (app, { service }) => {
  app.get(
    "/tags",
    {
      schema: {
        tags,
        summary: "List tags; `query` finds names starting with the text.",
        querystring: TagListQuery,
        response: { 200: Type.Array(Type.Ref("Tag")), ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, originOf(request));
      setPagingHeaders(request, reply, { ...result, count: result.items.length });
      return result.items;
    },
  );
  app.get(
    "/tags/:id",
    { schema: { tags, summary: "Get a tag.", params: TagIdParams, response: { 200: Type.Ref("Tag"), ...errors } } },
    async (request) => service.get(request.params.id, originOf(request)),
  );
  app.post(
    "/tags",
    { schema: { tags, summary: "Create a tag.", body: TagPost, response: { 201: Type.Ref("Tag"), ...errors } } },
    async (request) => service.create(request.viewer, request.body, originOf(request)),
  );
  app.patch(
    "/tags/:id",
    {
      schema: {
        tags,
        summary: "Edit a tag.",
        params: TagIdParams,
        body: TagPatch,
        response: { 200: Type.Ref("Tag"), ...errors },
      },
    },
    async (request) => service.patch(request.viewer, request.params.id, request.body, originOf(request)),
  );
  app.delete(
    "/tags/:id",
    {
      schema: {
        tags,
        summary: 'Delete an unused tag (409 "Tag isn\'t empty." otherwise).',
        params: TagIdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request) => {
      await service.remove(request.viewer, request.params.id);
      return null;
    },
  );
};
