import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { authorize } from "../auth/authorize.ts";
import type { Platform } from "../context.ts";
import { readOutbox } from "./mailer.ts";

const OutboxMail = Type.Object({
  id: Type.String(),
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  dateInserted: Type.String(),
});

/** GET /api/v2/outbox: the mail written to the outbox when no SMTP server is configured (site.manage). */
export async function registerOutbox(app: FastifyInstance, platform: Platform): Promise<void> {
  app.get(
    "/api/v2/outbox",
    {
      schema: {
        tags: ["System"],
        summary: "Mail in the outbox (sent when SMTP is not configured), newest first.",
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Type.Array(OutboxMail) },
      },
    },
    async (request) => {
      authorize(request.viewer, "site.manage");
      const { limit } = request.query as { limit?: number };
      return readOutbox(platform.outboxDir, limit ?? 100);
    },
  );
}
