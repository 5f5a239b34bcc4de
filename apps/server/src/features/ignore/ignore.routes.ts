import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { IgnoredUser, IgnoredUserParams, IgnoreState } from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { IgnoreService } from "./ignore.service.ts";

const tags = ["Users"];
const IdParams = Type.Object({ id: Type.Integer() });

/** /users/{id}/ignored: Vanilla's list (ignore add-on), and Parley's PUT and DELETE of one member. */
export const ignoreRoutes: FastifyPluginAsyncTypebox<{ service: IgnoreService }> = async (app, { service }) => {
  app.get(
    "/users/:id/ignored",
    {
      schema: {
        tags,
        summary: "The members a user ignores, the latest first (the user themself, users.edit or site.manage).",
        params: IdParams,
        response: { 200: Type.Array(IgnoredUser) },
      },
    },
    async (request) => service.list(request.params.id, requestContext(request)),
  );

  app.get(
    "/users/:id/ignored/:ignoredUserID",
    {
      schema: {
        tags,
        summary: "Parley: whether the user ignores a member, and whether they may (same access as the list).",
        params: IgnoredUserParams,
        response: { 200: IgnoreState },
      },
    },
    async (request) => service.state(request.params.id, request.params.ignoredUserID, requestContext(request)),
  );

  app.put(
    "/users/:id/ignored/:ignoredUserID",
    {
      schema: {
        tags,
        summary:
          "Parley: ignore a member (the user themself; not oneself, not a moderator; idempotent). Answers the list.",
        params: IgnoredUserParams,
        // Nothing to send: the member is in the path (a form post from a page sends an empty body).
        body: Type.Optional(Type.Object({})),
        response: { 200: Type.Array(IgnoredUser) },
      },
    },
    async (request) => service.ignore(request.params.id, request.params.ignoredUserID, requestContext(request)),
  );

  app.delete(
    "/users/:id/ignored/:ignoredUserID",
    {
      schema: {
        tags,
        summary: "Parley: stop ignoring a member (the user themself; idempotent).",
        params: IgnoredUserParams,
        response: { 204: Type.Null() },
      },
    },
    async (request) => {
      await service.unignore(request.params.id, request.params.ignoredUserID, request.viewer);
      return null;
    },
  );
};
