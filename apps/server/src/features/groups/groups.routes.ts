import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Expand, GroupListQuery, GroupPatch, GroupPost, groupRules } from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import type { GroupsService } from "./groups.service.ts";
import { requestContext } from "../../platform/http/request-context.ts";

export const IdParams = Type.Object({ id: Type.Integer() });
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
        response: { 200: Type.Array(GroupRef) },
      },
    },
    async (request, reply) => {
      const result = await groups.list(request.query, requestContext(request));
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
        response: { 200: GroupRef },
      },
    },
    async (request) => groups.get(request.params.id, request.query.expand, requestContext(request)),
  );

  app.post(
    "/groups",
    {
      schema: {
        tags,
        summary: "Create a group (groups.add); its creator becomes its leader.",
        body: GroupPost,
        response: { 201: GroupRef },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return groups.create(request.body, requestContext(request));
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
        response: { 200: GroupRef },
      },
    },
    async (request) => groups.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/groups/:id",
    {
      schema: {
        tags,
        summary: "Delete a group with its discussions, comments, members and category (leaders, groups.moderate).",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await groups.remove(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );
};
