import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  EmailChangeBody,
  EmailChangeConfirmBody,
  EmailChangeConfirmed,
  EmailChangeState,
  emailChangeRules,
  UserIdParams,
} from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { clientOf } from "../../platform/http/client-address.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { UsersService } from "./users.service.ts";

const tags = ["Users"];
const HOUR = 60 * 60_000;

/**
 * `/users/{id}/email-change` and `/users/email-change/confirm` (Parley's). Each link sent counts against the
 * member (`emailChangeRules.sendsPerHour`); confirmations count against the address, as password resets do.
 */
export const emailChangeRoutes: FastifyPluginAsyncTypebox<{ service: UsersService; platform: Platform }> = async (
  app,
  { service, platform },
) => {
  const sends = platform.limiter("email-change-user", emailChangeRules.sendsPerHour, HOUR);
  const confirmations = platform.limiter("email-change-confirm-ip", 10, 15 * 60_000);
  const limit = async (limiter: typeof sends, key: string, reply: Parameters<typeof tooManyRequests>[0]) => {
    const result = await limiter.hit(key);
    if (!result.allowed) throw tooManyRequests(reply, result.retryAfterSeconds);
  };

  app.get(
    "/users/:id/email-change",
    {
      schema: {
        tags,
        summary: "Parley: the change of e-mail address waiting for its confirmation, if any (the member themself).",
        params: UserIdParams,
        response: { 200: EmailChangeState },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.emailChangeState(request.params.id, requestContext(request));
    },
  );

  app.post(
    "/users/:id/email-change",
    {
      schema: {
        tags,
        summary:
          "Parley: change one's e-mail address (the current password needed): a link to the new address, a notice to the old; the address changes once the link is used.",
        params: UserIdParams,
        body: EmailChangeBody,
        response: { 201: EmailChangeState },
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      if (context.viewer.userID !== 0) await limit(sends, String(context.viewer.userID), reply);
      reply.status(201);
      return service.requestEmailChange(request.params.id, request.body, context);
    },
  );

  app.post(
    "/users/:id/email-change/resend",
    {
      schema: {
        tags,
        summary: "Parley: send the waiting change's link again (the earlier link stops working).",
        params: UserIdParams,
        body: Type.Optional(Type.Object({})),
        response: { 201: EmailChangeState },
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      if (context.viewer.userID !== 0) await limit(sends, String(context.viewer.userID), reply);
      reply.status(201);
      return service.resendEmailChange(request.params.id, context);
    },
  );

  app.delete(
    "/users/:id/email-change",
    {
      schema: {
        tags,
        summary: "Parley: withdraw the waiting change of e-mail address (its link stops working).",
        params: UserIdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.cancelEmailChange(request.params.id, requestContext(request));
      reply.status(204);
      return null;
    },
  );

  app.post(
    "/users/email-change/confirm",
    {
      schema: {
        tags,
        summary: "Parley: make the new address the account's, with the code of the link sent to it (single use).",
        body: EmailChangeConfirmBody,
        response: { 201: EmailChangeConfirmed },
      },
    },
    async (request, reply) => {
      await limit(confirmations, clientOf(request).address, reply);
      reply.status(201);
      return service.confirmEmailChange(request.body.token);
    },
  );
};
