import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  DigestBackfillOptIn,
  DigestDeliveryDates,
  DigestPreview,
  DigestPreviewQuery,
  EmailSendDigestInternalResult,
  EmailSendTestDigest,
  EmailSendTestResult,
  LongRunnerQuery,
  longRunnerResponses,
} from "@parley/contracts";
import { Type } from "typebox";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { DigestBackfill } from "./digest.backfill.ts";
import type { DigestService } from "./digest.service.ts";

export interface DigestRoutesOptions {
  service: DigestService;
  backfill: DigestBackfill;
  /** Test digests a site manager may send a minute. */
  tests: Limiter;
  /** Keeps a digest sent after the answer (the app's close waits for it). */
  track: (sending: Promise<unknown>) => void;
}

export const digestRoutes: FastifyPluginAsyncTypebox<DigestRoutesOptions> = async (
  app,
  { service, backfill, tests, track },
) => {
  app.get(
    "/digest/delivery-dates",
    {
      schema: {
        tags: ["Digest"],
        summary: "The e-mail digest's last dates sent, the next one with its subscribers, and the ones after.",
        response: { 200: DigestDeliveryDates },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.deliveryDates(request.viewer);
    },
  );

  app.get(
    "/digest/preview",
    {
      schema: {
        tags: ["Digest"],
        summary: "A member's (or your own) e-mail digest as it would go now, without sending it.",
        querystring: DigestPreviewQuery,
        response: { 200: DigestPreview },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.preview(request.query, request.viewer);
    },
  );

  app.post(
    "/emails/send-test-digest",
    {
      schema: {
        tags: ["Emails"],
        summary: "Send a member's e-mail digest to an address now; the member does not get it.",
        body: EmailSendTestDigest,
        response: { 201: EmailSendTestResult },
      },
    },
    async (request, reply) => {
      const limit = await tests.hit(String(request.viewer.userID));
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfterSeconds);
      await service.sendTest(request.body, request.viewer);
      reply.status(201);
      return { success: true };
    },
  );

  app.post(
    "/emails/send-digest-internal",
    {
      schema: {
        tags: ["Emails"],
        summary: "Send an e-mail digest dated now to every member who gets it, besides the weekly ones.",
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 201: EmailSendDigestInternalResult },
      },
    },
    async (request, reply) => {
      const { dateScheduled, sending } = await service.sendNow(request.viewer);
      track(sending);
      reply.status(201);
      return { dateScheduled };
    },
  );

  app.post(
    "/digest/backfill-optin",
    {
      schema: {
        tags: ["Digest"],
        summary:
          "Opt into the digest every member last active since a date who never set their preference (site managers). Long runner.",
        querystring: LongRunnerQuery,
        body: DigestBackfillOptIn,
        response: longRunnerResponses,
      },
    },
    async (request, reply) => {
      const { status, body } = await backfill.start(request.body, requestContext(request), request.query);
      reply.code(status as 200);
      return body;
    },
  );
};
