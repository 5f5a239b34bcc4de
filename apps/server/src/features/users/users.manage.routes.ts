import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  BulkBanBody,
  BulkDeleteBody,
  BulkRoleAssignment,
  IdParams,
  NoBody,
  SessionDeleteQuery,
  SessionListQuery,
  UserSession,
} from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { UsersService } from "./users.service.ts";

const NoContent = Type.Null();
const tags = ["Users"];

interface Options {
  service: UsersService;
  platform: Platform;
}

/**
 * What the dashboard does to members beyond one edit: their sessions (`/sessions`), a reset link sent by an
 * administrator, and the bulk actions. Parse, call the service, set the status.
 */
export const usersManageRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, platform }) => {
  // A member gets at most 3 links from one sender in 15 minutes, and a sender sends at most 30 an hour.
  const resetsPerMember = platform.limiter("staff-reset-member", 3, 15 * 60_000);
  const resetsPerSender = platform.limiter("staff-reset-sender", 30, 60 * 60_000);

  app.get(
    "/sessions",
    {
      schema: {
        tags: ["Sessions"],
        summary:
          "A member's browser sessions, the last used first (their own, or anyone's with users.edit). `sessionID` is the SHA-256 of the cookie's token, never the token.",
        querystring: SessionListQuery,
        response: { 200: Type.Array(UserSession) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.sessions(request.query, requestContext(request));
    },
  );

  app.delete(
    "/sessions",
    {
      schema: {
        tags: ["Sessions"],
        summary:
          "Sign a member's session out, or every one of their sessions without `sessionID` (API tokens stay). 404 when the session is not found.",
        querystring: SessionDeleteQuery,
        response: { 204: NoContent },
      },
    },
    async (request) => {
      await service.deleteSessions(request.query, requestContext(request));
      return null;
    },
  );

  app.post(
    "/users/:id/request-password",
    {
      schema: {
        tags,
        summary: "E-mail a member a password reset link (users.edit); 409 when they have no e-mail address.",
        params: IdParams,
        body: NoBody,
        response: { 201: Type.Object({ message: Type.String() }) },
      },
    },
    async (request, reply) => {
      for (const [limiter, key] of [
        [resetsPerMember, `${request.viewer.userID}:${request.params.id}`],
        [resetsPerSender, String(request.viewer.userID)],
      ] as const) {
        const result = await limiter.hit(key);
        if (!result.allowed) throw tooManyRequests(reply, result.retryAfterSeconds);
      }
      await service.sendPasswordReset(request.params.id, requestContext(request));
      return { message: "A message with a link to reset the password is on its way." };
    },
  );

  app.patch(
    "/users/bulk-role-assignment",
    {
      schema: {
        tags,
        summary:
          "Add roles to and remove roles from several members at once, all or nothing (users.edit; roles or members that manage the site need site.manage).",
        body: BulkRoleAssignment,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await service.bulkAssignRoles(request.body, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.patch(
    "/users/bulk-ban",
    {
      schema: {
        tags,
        summary: "Ban or unban several members at once, with one reason and end, all or nothing.",
        body: BulkBanBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await service.bulkBan(request.body, requestContext(request));
      reply.code(204);
      return null;
    },
  );

  app.post(
    "/users/bulk-delete",
    {
      schema: {
        tags,
        summary: "Delete several members at once (keep, wipe or delete their posts), in one transaction.",
        body: BulkDeleteBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await service.bulkDelete(request.body, requestContext(request));
      reply.code(204);
      return null;
    },
  );
};
