import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Webhook,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryDetails,
  WebhookDeliveryParams,
  WebhookIDParams,
  WebhookPatch,
  WebhookPost,
  webhooksLimits,
} from "@parley/contracts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { WebhooksService } from "./webhooks.service.ts";

const tags = ["Webhooks"];

/** /webhooks (site.manage): parse, call the service, set status and paging headers. */
export const webhooksRoutes: FastifyPluginAsyncTypebox<{ service: WebhooksService }> = async (app, { service }) => {
  app.get(
    "/webhooks",
    { schema: { tags, summary: "Every webhook (site.manage).", response: { 200: Type.Array(Webhook) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.list(request.viewer);
    },
  );

  app.post(
    "/webhooks",
    {
      schema: {
        tags,
        summary: "Register a webhook; the answer shows its secret, the only time it is shown whole.",
        body: WebhookPost,
        response: { 201: Webhook },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.create(request.body, requestContext(request));
    },
  );

  app.get(
    "/webhooks/:webhookID",
    {
      schema: { tags, summary: "A webhook (its secret masked).", params: WebhookIDParams, response: { 200: Webhook } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.get(request.params.webhookID, request.viewer);
    },
  );

  app.patch(
    "/webhooks/:webhookID",
    {
      schema: {
        tags,
        summary: "Change a webhook's fields given; `status: active` re-enables a disabled one.",
        params: WebhookIDParams,
        body: WebhookPatch,
        response: { 200: Webhook },
      },
    },
    async (request) => service.update(request.params.webhookID, request.body, requestContext(request)),
  );

  app.delete(
    "/webhooks/:webhookID",
    {
      schema: {
        tags,
        summary: "Delete a webhook and its delivery log.",
        params: WebhookIDParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.webhookID, request.viewer);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/webhooks/:webhookID/deliveries",
    {
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first (paged).",
        params: WebhookIDParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: Type.Array(WebhookDelivery) },
      },
    },
    async (request, reply) => {
      const result = await service.deliveries(request.params.webhookID, request.query, request.viewer);
      reply.header("cache-control", "no-cache, private");
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: webhooksLimits.deliveriesPerPage },
      });
      return result.items;
    },
  );

  app.get(
    "/webhooks/:webhookID/deliveries/:deliveryID",
    {
      schema: {
        tags,
        summary: "One delivery, with the exact body it sends.",
        params: WebhookDeliveryParams,
        response: { 200: WebhookDeliveryDetails },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-cache, private");
      return service.delivery(request.params.webhookID, request.params.deliveryID, request.viewer);
    },
  );

  app.post(
    "/webhooks/:webhookID/rotate-secret",
    {
      schema: {
        tags,
        summary: "Replace the webhook's secret with a new generated one; the answer is the only one showing it whole.",
        params: WebhookIDParams,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 201: Webhook },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.rotateSecret(request.params.webhookID, requestContext(request));
    },
  );

  app.post(
    "/webhooks/:webhookID/ping",
    {
      schema: {
        tags,
        summary: "Send a test delivery (event `ping`) now; answers it as sent.",
        params: WebhookIDParams,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 201: WebhookDelivery },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.ping(request.params.webhookID, request.viewer);
    },
  );

  app.post(
    "/webhooks/:webhookID/deliveries/:deliveryID/redeliver",
    {
      schema: {
        tags,
        summary: "Send a delivery's body again now, as a new delivery.",
        params: WebhookDeliveryParams,
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        response: { 201: WebhookDelivery },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.redeliver(request.params.webhookID, request.params.deliveryID, request.viewer);
    },
  );
};
