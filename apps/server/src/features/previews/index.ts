import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { setLinkPreviews } from "../../platform/render/index.ts";
import { createPreviewsRepo } from "./previews.repo.ts";
import { previewsRoutes, SCRAPE_WINDOW_MS, SCRAPES_PER_WINDOW } from "./previews.routes.ts";
import { createPreviewsService, LINK_PREVIEWS_JOB, type PreviewsOptions } from "./previews.service.ts";

export type { PreviewsOptions };

/**
 * Link previews (issue 32): an address alone on a line of a post shows as a card. This feature owns the
 * `linkPreviews` table, answers the render pipeline's questions (installed with `setLinkPreviews`) and fetches
 * in the background job `linkPreviews`, which runs when a read finds an address it does not know; `POST /media/scrape`
 * reads one at once for an editor.
 */
export async function registerPreviews(
  app: FastifyInstance,
  platform: Platform,
  options?: Partial<PreviewsOptions>,
): Promise<void> {
  const service = createPreviewsService(createPreviewsRepo(platform.db), platform, options);
  platform.jobs.register(LINK_PREVIEWS_JOB, service.run, { everyMs: 60_000 });
  const uninstall = setLinkPreviews(service.source);
  app.addHook("onClose", async () => uninstall());
  await app.register(previewsRoutes, {
    prefix: "/api/v2",
    service,
    limiter: platform.limiter("media-scrape", SCRAPES_PER_WINDOW, SCRAPE_WINDOW_MS),
    siteConfig: platform.siteConfig,
  });
}
