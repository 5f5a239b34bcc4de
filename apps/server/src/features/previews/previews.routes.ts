import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MediaScrape, MediaScrapeBody, type MediaScrape as MediaScrapeRecord } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { Limiter } from "../../platform/http/rate-limit.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import type { LinkPreview } from "../../platform/render/index.ts";
import { previewsPolicy } from "./previews.policy.ts";
import type { PreviewsService } from "./previews.service.ts";

/** Scrapes a member may ask for per window: each may be a request to another site. */
export const SCRAPES_PER_WINDOW = 30;
export const SCRAPE_WINDOW_MS = 60_000;

/** A preview in Vanilla's scrape shape: a known provider's type, else `link`. */
const present = (url: string, preview: LinkPreview): MediaScrapeRecord => ({
  url,
  type: preview.provider ?? "link",
  name: preview.title || null,
  body: preview.description || null,
  photoUrl: preview.imageUrl || null,
  height: null,
  width: null,
  attributes: { siteName: preview.siteName, ...(preview.provider ? { embedID: preview.embedID } : {}) },
});

/** `POST /media/scrape` (dashboard-media.yml), over the link previews' fetcher and store. */
export const previewsRoutes: FastifyPluginAsyncTypebox<{
  service: PreviewsService;
  limiter: Limiter;
  siteConfig: SiteConfig;
}> = async (app, { service, limiter, siteConfig }) => {
  app.post(
    "/media/scrape",
    {
      schema: {
        tags: ["Media"],
        summary:
          "A link's preview (title, description, image, provider), read through the SSRF-safe fetcher (signed in).",
        body: MediaScrapeBody,
        response: { 201: MediaScrape },
      },
    },
    async (request, reply) => {
      requireAccess(request.viewer, previewsPolicy.canScrape);
      if (!(await siteConfig.get("linkPreviews.enabled"))) throw new HttpError(403, "Link previews are turned off.");
      const limited = await limiter.hit(String(request.viewer.userID));
      if (!limited.allowed)
        throw new HttpError(
          429,
          `Too many link previews. Please wait ${limited.retryAfterSeconds} seconds and try again.`,
        );
      const { url, force } = request.body;
      if (!/^https?:\/\//i.test(url))
        throw validationFailed([fieldError("url", "invalid", "url must be an http or https address.", 422)]);
      const preview = await service.scrape(url, force ?? false);
      if (!preview)
        throw validationFailed([fieldError("url", "invalid", "The page at this address could not be read.", 422)]);
      reply.code(201);
      return present(url, preview);
    },
  );
};
