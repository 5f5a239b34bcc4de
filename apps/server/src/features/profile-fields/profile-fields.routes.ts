import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  ProfileField,
  ProfileFieldParams,
  ProfileFieldPatch,
  ProfileFieldPost,
  ProfileFieldQuery,
  ProfileFieldSorts,
  UserProfileFields,
  UserProfileFieldsPatch,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { ProfileFieldsService } from "./profile-fields.service.ts";

const tags = ["Profile Fields"];
const IdParams = Type.Object({ id: Type.Integer() });

/** Vanilla's /profile-fields (definitions, site.manage to change) and /users/{id}/profile-fields (values). */
export const profileFieldsRoutes: FastifyPluginAsyncTypebox<{ service: ProfileFieldsService }> = async (
  app,
  { service },
) => {
  app.get(
    "/profile-fields",
    {
      schema: {
        tags,
        summary: "List profile fields in their sort order.",
        querystring: ProfileFieldQuery,
        response: { 200: Type.Array(ProfileField) },
      },
    },
    async (request) => service.list(request.query, request.viewer),
  );

  app.post(
    "/profile-fields",
    {
      schema: {
        tags,
        summary: "Create a profile field (site.manage).",
        body: ProfileFieldPost,
        response: { 201: ProfileField },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(request.body, request.viewer);
    },
  );

  app.put(
    "/profile-fields/sorts",
    {
      schema: {
        tags,
        summary: "Set profile fields' sort values, apiName → sort (site.manage); answers the fields in order.",
        body: ProfileFieldSorts,
        response: { 200: Type.Array(ProfileField) },
      },
    },
    async (request) => {
      await service.sort(request.body, request.viewer);
      return service.list({}, request.viewer);
    },
  );

  app.get(
    "/profile-fields/:apiName",
    {
      schema: {
        tags,
        summary: "Get a profile field by its API name.",
        params: ProfileFieldParams,
        response: { 200: ProfileField },
      },
    },
    async (request) => service.get(request.params.apiName, request.viewer),
  );

  app.patch(
    "/profile-fields/:apiName",
    {
      schema: {
        tags,
        summary: "Update a profile field (site.manage); its API name and data type stay.",
        params: ProfileFieldParams,
        body: ProfileFieldPatch,
        response: { 200: ProfileField },
      },
    },
    async (request) => service.update(request.params.apiName, request.body, request.viewer),
  );

  app.delete(
    "/profile-fields/:apiName",
    {
      schema: {
        tags,
        summary: "Delete a profile field and every member's value of it (site.manage).",
        params: ProfileFieldParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.apiName, request.viewer);
      reply.status(204);
      return null;
    },
  );

  app.get(
    "/users/:id/profile-fields",
    {
      schema: {
        tags: ["Users"],
        summary: "A user's profile field values the viewer may see (enabled fields), apiName → value.",
        params: IdParams,
        response: { 200: UserProfileFields },
      },
    },
    async (request) => service.values(request.params.id, request.viewer),
  );

  app.patch(
    "/users/:id/profile-fields",
    {
      schema: {
        tags: ["Users"],
        summary: "Set a user's profile field values (the user or users.edit, as each field's mutability allows).",
        params: IdParams,
        body: UserProfileFieldsPatch,
        response: { 200: UserProfileFields },
      },
    },
    async (request) => service.patch(request.params.id, request.body, requestContext(request)),
  );

  app.patch(
    "/users/:id/extended",
    {
      schema: {
        tags: ["Users"],
        summary:
          "Vanilla's ProfileExtender name of PATCH /users/{id}/profile-fields: the same values, rules and answer.",
        params: IdParams,
        body: UserProfileFieldsPatch,
        response: { 200: UserProfileFields },
      },
    },
    async (request) => service.patch(request.params.id, request.body, requestContext(request)),
  );
};
