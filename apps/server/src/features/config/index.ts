import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { configRoutes } from "./config.routes.ts";

export { publicConfigKeys } from "./config.routes.ts";

/** GET /api/v2/config: the public site settings (spec §7). */
export async function registerConfig(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(configRoutes, { prefix: "/api/v2", siteConfig: platform.siteConfig });
}
