import type { FastifyInstance } from "fastify";
import { Addon } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { ThemesService } from "../themes/index.ts";
import { addonsRoutes } from "./addons.routes.ts";
import { createAddonsService } from "./config.addons.ts";
import { configRoutes } from "./config.routes.ts";
import { createConfigService } from "./config.service.ts";

/**
 * GET and PATCH /api/v2/config: the site settings (spec §7), each read and changed by whom its rule says;
 * and /api/v2/addons, the optional features those settings switch, with the themes.
 */
export async function registerConfig(
  app: FastifyInstance,
  platform: Platform,
  deps: { themes: ThemesService },
): Promise<void> {
  const service = createConfigService({ siteConfig: platform.siteConfig, events: platform.events });
  await app.register(configRoutes, { prefix: "/api/v2", service });
  app.addSchema(Addon);
  await app.register(addonsRoutes, {
    prefix: "/api/v2",
    service: createAddonsService({ config: service, themes: deps.themes }),
  });
}
