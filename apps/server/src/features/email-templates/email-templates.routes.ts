import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  EmailSendTestResult,
  EmailTemplate,
  EmailTemplateDraft,
  EmailTemplateListQuery,
  EmailTemplatePatch,
  EmailTemplatePost,
  EmailTemplateSendPreview,
  emailTemplateRules,
  IdParams,
  RenderedEmail,
} from "@parley/contracts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import { tooManyRequests } from "../../platform/http/address-limits.ts";
import { setPagingHeaders } from "../../platform/http/pagination.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import type { EmailTemplatesService } from "./email-templates.service.ts";

const tags = ["Email Templates"];

/** /email-templates: parse, call the service, set status and paging headers. */
export const emailTemplatesRoutes: FastifyPluginAsyncTypebox<{
  service: EmailTemplatesService;
  sends: Limiter;
}> = async (app, { service, sends }) => {
  app.get(
    "/email-templates",
    {
      schema: {
        tags,
        summary: "The site's e-mail templates (site.manage).",
        querystring: EmailTemplateListQuery,
        response: { 200: Type.Array(EmailTemplate) },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.query, requestContext(request));
      setPagingHeaders(request, reply, {
        ...result,
        count: result.items.length,
        defaults: { limit: emailTemplateRules.defaultLimit },
      });
      return result.items;
    },
  );

  app.post(
    "/email-templates",
    {
      schema: {
        tags,
        summary:
          "Add an e-mail template; its subject, body and footer are mustache, checked against its kind's variables (422).",
        body: EmailTemplatePost,
        response: { 201: EmailTemplate },
      },
    },
    async (request, reply) => {
      const template = await service.create(request.body, requestContext(request));
      return reply.status(201).send(template);
    },
  );

  app.post(
    "/email-templates/preview",
    {
      schema: {
        tags,
        summary: "Parley: a template not saved yet, filled with sample values: its subject, HTML and text.",
        body: EmailTemplateDraft,
        response: { 200: RenderedEmail },
      },
    },
    async (request, reply) => reply.status(200).send(await service.previewDraft(request.body, requestContext(request))),
  );

  app.get(
    "/email-templates/:id",
    {
      schema: { tags, summary: "An e-mail template.", params: IdParams, response: { 200: EmailTemplate } },
    },
    async (request) => service.get(request.params.id, requestContext(request)),
  );

  app.patch(
    "/email-templates/:id",
    {
      schema: {
        tags,
        summary: "Change an e-mail template (checked as when added).",
        params: IdParams,
        body: EmailTemplatePatch,
        response: { 200: EmailTemplate },
      },
    },
    async (request) => service.update(request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    "/email-templates/:id",
    {
      schema: { tags, summary: "Delete an e-mail template.", params: IdParams, response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await service.remove(request.params.id, requestContext(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/email-templates/:id/preview",
    {
      schema: {
        tags,
        summary: "Send the template, filled with sample values, to an address (502 when the mail server refuses it).",
        params: IdParams,
        body: EmailTemplateSendPreview,
        response: { 201: EmailSendTestResult },
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      // Each preview is a message sent: a few a minute per manager, as the test e-mail.
      const limit = await sends.hit(String(context.viewer.userID));
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfterSeconds);
      await service.sendPreview(request.params.id, request.body.destinationAddress, context);
      return reply.status(201).send({ success: true });
    },
  );
};
