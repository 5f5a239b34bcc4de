import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { configRoutes } from "./config.routes.ts";
import { createConfigService } from "./config.service.ts";

/** GET and PATCH /api/v2/config: the site settings (spec §7), each read and changed by whom its rule says. */
export async function registerConfig(app: FastifyInstance, platform: Platform): Promise<void> {
  const service = createConfigService({ siteConfig: platform.siteConfig, events: platform.events });
  await app.register(configRoutes, { prefix: "/api/v2", service });
}
