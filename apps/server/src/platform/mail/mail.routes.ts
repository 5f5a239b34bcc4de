import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import {
  EmailPreview,
  emailTemplateMessages,
  emailMessages,
  EmailDelivery,
  EmailSendTest,
  EmailSendTestResult,
  OutboxMessage,
  type EmailPreview as EmailPreviewBody,
  type EmailSendTest as EmailSendTestBody,
} from "@parley/contracts";
import { escapeHtml } from "../render/escape.ts";
import { htmlToMailText } from "../render/index.ts";
import { authorize } from "../auth/authorize.ts";
import type { Platform } from "../context.ts";
import { tooManyRequests } from "../http/address-limits.ts";
import { emailStyle, styledEmailHtml } from "./email-style.ts";
import { readOutbox, sendTestMail, simpleMail } from "./mailer.ts";

const tags = ["Emails"];

/**
 * The forum's mail for site managers: where it goes (`GET /emails/delivery`), a test message
 * (`POST /emails/send-test`, Vanilla's), a preview of the site's e-mail with given styles (`POST /emails/preview`,
 * Vanilla's), and the outbox that holds it when no SMTP server is configured.
 */
export async function registerMail(app: FastifyInstance, platform: Platform): Promise<void> {
  // An SMTP server may be slow or far away, and each test is a message sent: a few a minute per manager.
  const tests = platform.limiter("emails-send-test", 5, 60_000);

  app.get(
    "/api/v2/outbox",
    {
      schema: {
        tags,
        summary: "Mail in the outbox (sent when SMTP is not configured), newest first.",
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Type.Array(OutboxMessage) },
      },
    },
    async (request) => {
      authorize(request.viewer, "site.manage");
      const { limit } = request.query as { limit?: number };
      return readOutbox(platform.outboxDir, limit ?? 100);
    },
  );

  app.get(
    "/api/v2/emails/delivery",
    {
      schema: {
        tags,
        summary: "Where the forum's mail goes now: the SMTP server of the settings or of SMTP_URL, or the outbox.",
        response: { 200: EmailDelivery },
      },
    },
    async (request) => {
      authorize(request.viewer, "site.manage");
      const [route, password] = await Promise.all([platform.mailer.route(), platform.siteConfig.get("smtp.password")]);
      return route.kind === "outbox"
        ? { transport: "outbox", source: null, host: null, port: null, passwordSet: password !== "" }
        : { transport: "smtp", source: route.source, host: route.host, port: route.port, passwordSet: password !== "" };
    },
  );

  app.post(
    "/api/v2/emails/preview",
    {
      schema: {
        tags,
        summary:
          "The site's e-mail with these styles and footer (the stored ones for what is left out), as HTML, or as text for `emailFormat: text`.",
        body: EmailPreview,
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      authorize(request.viewer, "site.manage");
      const body = request.body as EmailPreviewBody;
      const [stored, site] = await Promise.all([
        emailStyle(platform.siteConfig),
        platform.siteConfig.get("garden.title"),
      ]);
      const style = { ...stored, ...body.templateStyles, footer: body.footer ?? stored.footer };
      const fill = (text: string) => text.replaceAll("{site}", site);
      const contentHtml =
        `<p>${escapeHtml(fill(emailTemplateMessages.previewHeadline))}</p>` +
        `<blockquote>${escapeHtml(emailTemplateMessages.previewExcerpt)}</blockquote>`;
      const button = { label: emailTemplateMessages.previewButton, url: platform.config.publicUrl };
      const html = styledEmailHtml(style, { siteName: site, origin: platform.config.publicUrl, contentHtml, button });
      if (body.emailFormat === "text") {
        const footer = style.footer ? `\n\n--\n${style.footer}` : "";
        return reply
          .status(200)
          .type("text/plain; charset=utf-8")
          .send(`${htmlToMailText(contentHtml)}\n\n${button.label}: ${button.url}${footer}\n`);
      }
      return reply.status(200).type("text/html; charset=utf-8").send(html);
    },
  );

  app.post(
    "/api/v2/emails/send-test",
    {
      schema: {
        tags,
        summary:
          "Send a test e-mail to an address, by the route the settings give now (502 when the server refuses it).",
        body: EmailSendTest,
        response: { 201: EmailSendTestResult },
      },
    },
    async (request, reply) => {
      authorize(request.viewer, "site.manage");
      const limit = await tests.hit(String(request.viewer.userID));
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfterSeconds);
      const body = request.body as EmailSendTestBody;
      const site = await platform.siteConfig.get("garden.title");
      const fill = (text: string) => text.replaceAll("{site}", site);
      const mail = simpleMail(
        body.destinationAddress,
        fill(emailMessages.testSubject),
        [fill(emailMessages.testBody)],
        {
          label: site,
          url: platform.config.publicUrl,
        },
      );
      await sendTestMail(platform.mailer, mail, body.from, emailMessages.testFailed);
      reply.status(201);
      return { success: true };
    },
  );
}
