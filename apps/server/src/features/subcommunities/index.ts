import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createSubcommunitiesRepo } from "./subcommunities.repo.ts";
import { subcommunitiesRoutes } from "./subcommunities.routes.ts";
import { createSubcommunitiesService, type SubcommunitiesDeps } from "./subcommunities.service.ts";
import { createSiteSections, type LoadedSiteSections } from "./subcommunities.sections.ts";

export type { LoadedSiteSections };

/** The site's sections in memory (the address router, the lists' `siteSectionID`), read once before the app serves. */
export async function loadSiteSections(platform: Platform): Promise<LoadedSiteSections> {
  const sections = createSiteSections(createSubcommunitiesRepo(platform.db), platform.clock, platform.contentChanges);
  await sections.reload();
  return sections;
}

/**
 * `/api/v2/subcommunities` (issue 40; Vanilla's subcommunities add-on): sections of the site at `/{folder}`, each over
 * its own root category, with a locale, theme and home layout of its own.
 */
export async function registerSubcommunities(
  app: FastifyInstance,
  platform: Platform,
  deps: Pick<SubcommunitiesDeps, "sections" | "categoryExists" | "themeExists" | "customPageUnder">,
): Promise<void> {
  const service = createSubcommunitiesService({
    ...deps,
    repo: createSubcommunitiesRepo(platform.db),
    clock: platform.clock,
    events: platform.events,
  });
  await app.register(subcommunitiesRoutes, { prefix: "/api/v2", service });
}
