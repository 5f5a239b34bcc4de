import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  PostField,
  PostFieldParams,
  PostFieldPatch,
  PostFieldPost,
  PostFieldQuery,
  PostFieldSorts,
  PostType,
  PostTypeGetQuery,
  PostTypeParams,
  PostTypePatch,
  PostTypePost,
  PostTypeQuery,
} from "@parley/contracts";
import type { PostFieldsService } from "./post-fields.service.ts";
import type { PostTypesService } from "./post-types.service.ts";

/** Vanilla's /post-types and /post-fields (site.manage to change; 404 while the add-on is off). */
export const postTypesRoutes: FastifyPluginAsyncTypebox<{
  types: PostTypesService;
  fields: PostFieldsService;
}> = async (app, { types, fields }) => {
  const typeTags = ["Post Types"];
  const fieldTags = ["Post Fields"];

  app.get(
    "/post-types",
    {
      schema: {
        tags: typeTags,
        summary: "List post types: the original ones and the site's own.",
        querystring: PostTypeQuery,
        response: { 200: Type.Array(PostType) },
      },
    },
    async (request) => types.list(request.query, request.viewer),
  );

  app.post(
    "/post-types",
    {
      schema: {
        tags: typeTags,
        summary: "Create a post type (site.manage).",
        body: PostTypePost,
        response: { 201: PostType },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return types.create(request.body, request.viewer);
    },
  );

  app.get(
    "/post-types/:postTypeID",
    {
      schema: {
        tags: typeTags,
        summary: "Get a post type.",
        params: PostTypeParams,
        querystring: PostTypeGetQuery,
        response: { 200: PostType },
      },
    },
    async (request) => types.get(request.params.postTypeID, request.query, request.viewer),
  );

  app.patch(
    "/post-types/:postTypeID",
    {
      schema: {
        tags: typeTags,
        summary: "Update a post type (site.manage); its id and parent stay.",
        params: PostTypeParams,
        body: PostTypePatch,
        response: { 200: PostType },
      },
    },
    async (request) => types.update(request.params.postTypeID, request.body, request.viewer),
  );

  app.delete(
    "/post-types/:postTypeID",
    {
      schema: {
        tags: typeTags,
        summary: "Delete a post type (site.manage); its discussions keep it.",
        params: PostTypeParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await types.remove(request.params.postTypeID, request.viewer);
      reply.status(204);
      return null;
    },
  );

  app.get(
    "/post-fields",
    {
      schema: {
        tags: fieldTags,
        summary: "List post fields (by post type in its order).",
        querystring: PostFieldQuery,
        response: { 200: Type.Array(PostField) },
      },
    },
    async (request) => fields.list(request.query, request.viewer),
  );

  app.post(
    "/post-fields",
    {
      schema: {
        tags: fieldTags,
        summary: "Create a post field (site.manage), in a post type when one is given.",
        body: PostFieldPost,
        response: { 201: PostField },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return fields.create(request.body, request.viewer);
    },
  );

  app.put(
    "/post-fields/:postTypeID/sorts",
    {
      schema: {
        tags: fieldTags,
        summary: "Set the post type's fields' order, postFieldID → sort (site.manage); answers its fields in order.",
        params: PostTypeParams,
        body: PostFieldSorts,
        response: { 200: Type.Array(PostField) },
      },
    },
    async (request) => fields.sort(request.params.postTypeID, request.body, request.viewer),
  );

  app.get(
    "/post-fields/:postFieldID",
    {
      schema: { tags: fieldTags, summary: "Get a post field.", params: PostFieldParams, response: { 200: PostField } },
    },
    async (request) => fields.get(request.params.postFieldID, request.viewer),
  );

  app.patch(
    "/post-fields/:postFieldID",
    {
      schema: {
        tags: fieldTags,
        summary: "Update a post field (site.manage); its id, data and form types stay.",
        params: PostFieldParams,
        body: PostFieldPatch,
        response: { 200: PostField },
      },
    },
    async (request) => fields.update(request.params.postFieldID, request.body, request.viewer),
  );

  app.delete(
    "/post-fields/:postFieldID",
    {
      schema: {
        tags: fieldTags,
        summary: "Delete a post field and every post's value of it (site.manage).",
        params: PostFieldParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await fields.remove(request.params.postFieldID, request.viewer);
      reply.status(204);
      return null;
    },
  );
};
