import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  Attachment,
  AttachmentCatalog,
  AttachmentFormSchema,
  AttachmentPost,
  AttachmentSchemaQuery,
  AttachmentsQuery,
  AttachmentsRefresh,
  ErrorBody,
  TicketIntegrationPatch,
  TicketIntegrationSettings,
} from "@parley/contracts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { AttachmentsService } from "./attachments.service.ts";

const tags = ["Attachments"];
const noStore = "no-cache, private";

/** /attachments: parse, call the service, set the status. */
export const attachmentsRoutes: FastifyPluginAsyncTypebox<{ service: AttachmentsService }> = async (
  app,
  { service },
) => {
  app.get(
    "/attachments",
    {
      schema: {
        tags,
        summary: "A post's attachments, or several posts' (`recordIDs`; staff who may see each post).",
        querystring: AttachmentsQuery,
        response: { 200: Type.Array(Attachment) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", noStore);
      return service.list(request.query, requestContext(request));
    },
  );

  app.post(
    "/attachments",
    {
      schema: {
        tags,
        summary: "Create a ticket for a post through the ticket integration and attach it (community.moderate).",
        body: AttachmentPost,
        response: { 201: Attachment, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const attachment = await service.create(request.body, requestContext(request));
      reply.status(201);
      return attachment;
    },
  );

  app.post(
    "/attachments/refresh",
    {
      schema: {
        tags,
        summary: "Read attachments' status again from their integration (at most 10; community.moderate).",
        body: AttachmentsRefresh,
        response: { 201: Type.Array(Attachment), 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const attachments = await service.refresh(request.body, requestContext(request));
      reply.status(201);
      return attachments;
    },
  );

  app.get(
    "/attachments/catalog",
    {
      schema: {
        tags,
        summary: "The integration types the viewer may read, keyed by type.",
        response: { 200: AttachmentCatalog },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", noStore);
      return service.catalog(request.viewer);
    },
  );

  app.get(
    "/attachments/schema",
    {
      schema: {
        tags,
        summary: "The creation form's JSON schema for a post, its fields prefilled (community.moderate).",
        querystring: AttachmentSchemaQuery,
        response: { 200: AttachmentFormSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", noStore);
      return service.schema(request.query, requestContext(request));
    },
  );

  app.get(
    "/attachments/integrations/ticket",
    {
      schema: {
        tags,
        summary: "The ticket integration's settings, its auth secret never (site.manage).",
        response: { 200: TicketIntegrationSettings },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", noStore);
      return service.ticketSettings(request.viewer);
    },
  );

  app.patch(
    "/attachments/integrations/ticket",
    {
      schema: {
        tags,
        summary: "Change the ticket integration's settings given (site.manage).",
        body: TicketIntegrationPatch,
        response: { 200: TicketIntegrationSettings },
      },
    },
    async (request) => service.updateTicketSettings(request.body, requestContext(request)),
  );
};
