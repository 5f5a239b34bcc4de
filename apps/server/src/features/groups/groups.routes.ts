import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { ErrorBody, Expand, GroupListQuery, GroupPatch, GroupPost, groupRules } from "@parley/contracts";
import { originOf, setPagingHeaders } from "../../platform/http/pagination.ts";
import type { GroupContext, GroupsService } from "./groups.service.ts";

export const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
};
export const IdParams = Type.Object({ id: Type.Integer() });
export const groupContextOf = (request: FastifyRequest): GroupContext => ({
  viewer: request.viewer,
  origin: originOf(request),
});
const GroupRef = Type.Ref("Group");

/** /groups: parse, call the service, set status and paging headers. */
export const groupsRoutes: FastifyPluginAsyncTypebox<{ groups: GroupsService }> = async (app, { groups }) => {
  const tags = ["Groups"];
  app.get(
    "/groups",
    {
      schema: {
        tags,
        summary: "List groups (secret ones only to their members, invitees and groups.moderate).",
        querystring: GroupListQuery,
        response: { 200: Type.Array(GroupRef), ...errors },
      },
    },
    async (request, reply) => {
      const result = await groups.list(request.query, groupContextOf(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: groupRules.defaultLimit },
      });
      return result.items;
    },
  );

  app.get(
    "/groups/:id",
    {
      schema: {
        tags,
        summary: "Get a group (404 when the viewer may not know it).",
        params: IdParams,
        querystring: Type.Object({ expand: Type.Optional(Expand) }),
        response: { 200: GroupRef, ...errors },
      },
    },
    async (request) => groups.get(request.params.id, request.query.expand, groupContextOf(request)),
  );

  app.post(
    "/groups",
    {
      schema: {
        tags,
        summary: "Create a group (groups.add); its creator becomes its leader.",
        body: GroupPost,
        response: { 201: GroupRef, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return groups.create(request.body, groupContextOf(request));
    },
  );

  app.patch(
    "/groups/:id",
    {
      schema: {
        tags,
        summary: "Change a group (leaders, groups.moderate); public approves pending applications, secret denies them.",
        params: IdParams,
        body: GroupPatch,
        response: { 200: GroupRef, ...errors },
      },
    },
    async (request) => groups.update(request.params.id, request.body, groupContextOf(request)),
  );

  app.delete(
    "/groups/:id",
    {
      schema: {
        tags,
        summary: "Delete a group with its discussions, comments, members and category (leaders, groups.moderate).",
        params: IdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await groups.remove(request.params.id, groupContextOf(request));
      reply.status(204);
      return null;
    },
  );
};
