import type { FastifyInstance } from "fastify";
import { sharedThemeSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { themesRoutes } from "./themes.routes.ts";
import { createThemesRepo } from "./themes.repo.ts";
import { createThemesService, type ThemesService, type ThemesServiceOptions } from "./themes.service.ts";

export type { ThemesService };
export { DEFAULT_THEME_ID, fileThemes } from "./themes.catalog.ts";
export { THEME_PREVIEW_COOKIE } from "./themes.service.ts";

/** Themes under /api/v2/themes; returns the service the pages use for the theme's CSS in the head. */
export async function registerThemes(
  app: FastifyInstance,
  platform: Platform,
  { users }: Pick<ThemesServiceOptions, "users">,
): Promise<ThemesService> {
  for (const schema of sharedThemeSchemas) app.addSchema(schema);
  const service = createThemesService({
    siteConfig: platform.siteConfig,
    events: platform.events,
    db: platform.db,
    repo: createThemesRepo(platform.db),
    users,
    clock: platform.clock,
  });
  await app.register(themesRoutes, { prefix: "/api/v2", service });
  return service;
}
