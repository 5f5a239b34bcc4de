import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { notFound } from "../../platform/errors.ts";
import { isNotModified } from "../../platform/http/conditional-get.ts";
import { siteSectionOf } from "../../platform/http/site-section.ts";
import type { SiteSection } from "../../platform/site-sections.ts";
import type { SitemapDocument, SitemapsService } from "./sitemaps.service.ts";

/** Crawlers keep sitemaps an hour, then ask again (conditionally); robots.txt likewise. */
const CACHE_CONTROL = "public, max-age=3600";

/** A page number or id in an address: digits only, else the sitemap does not exist. */
function positive(value: string | undefined): number {
  const number = /^\d{1,9}$/.test(value ?? "") ? Number(value) : 0;
  if (number < 1) throw notFound("Sitemap");
  return number;
}

const segment = Type.String({ minLength: 1, maxLength: 20 });

/**
 * `/robots.txt`, `/sitemap.xml` and `/sitemaps/…`: outside /api/v2 and the OpenAPI document, as feeds are.
 * Sitemaps answer conditional requests (ETag, Last-Modified → 304).
 */
export const sitemapsRoutes: FastifyPluginAsyncTypebox<{ service: SitemapsService }> = async (app, { service }) => {
  const hide = true;
  const answer =
    (read: (params: Record<string, string>, section: SiteSection | null) => Promise<SitemapDocument>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // A subcommunity's sitemaps (`/{folder}/sitemap.xml`…) list its content only.
      const document = await read(request.params as Record<string, string>, siteSectionOf(request));
      reply.type("application/xml; charset=utf-8").header("cache-control", CACHE_CONTROL);
      if (isNotModified(request, reply, document.etag, document.lastModified)) return reply.code(304).send();
      return service.send(request, reply, document);
    };

  app.get("/robots.txt", { schema: { hide } }, async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", CACHE_CONTROL);
    return service.robots();
  });
  const documents: Array<[string, (section: SiteSection | null) => Promise<SitemapDocument>]> = [
    ["/sitemap.xml", service.index],
    ["/sitemaps/categories.xml", service.categories],
    ["/sitemaps/articles.xml", service.articles],
    ["/sitemaps/groups.xml", service.groups],
  ];
  for (const [path, read] of documents)
    app.get(
      path,
      { schema: { hide } },
      answer((_params, section) => read(section)),
    );
  app.get(
    "/sitemaps/discussions/:categoryID/:page.xml",
    { schema: { hide, params: Type.Object({ categoryID: segment, page: segment }) } },
    answer((params, section) => service.discussions(positive(params["categoryID"]), positive(params["page"]), section)),
  );
  app.get(
    "/sitemaps/profiles/:page.xml",
    { schema: { hide, params: Type.Object({ page: segment }) } },
    answer((params, section) => service.profiles(positive(params["page"]), section)),
  );
};
