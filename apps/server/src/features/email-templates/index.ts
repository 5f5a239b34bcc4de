import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createEmailTemplatesRepo } from "./email-templates.repo.ts";
import { emailTemplatesRoutes } from "./email-templates.routes.ts";
import { createEmailTemplatesService } from "./email-templates.service.ts";

/**
 * `/api/v2/email-templates` (Vanilla's dashboard-emailTemplates.yml, issue 39): administrators' templates of the
 * forum's e-mail, logic-less (mustache), each for a notification kind. Made before notifications, whose e-mail
 * asks `forNotification` for its kind's active template; routes come with `registerEmailTemplates`.
 */
export function createEmailTemplates(platform: Platform) {
  const service = createEmailTemplatesService(createEmailTemplatesRepo(platform.db), platform);
  return {
    service,
    forNotification: (...args: Parameters<typeof service.forNotification>) => service.forNotification(...args),
  };
}

export type EmailTemplates = ReturnType<typeof createEmailTemplates>;

export async function registerEmailTemplates(
  app: FastifyInstance,
  platform: Platform,
  templates: EmailTemplates,
): Promise<void> {
  const sends = platform.limiter("email-templates-preview", 5, 60_000);
  await app.register(emailTemplatesRoutes, { prefix: "/api/v2", service: templates.service, sends });
}
