import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { decodeUserSegment, feedFormats, type FeedFormat } from "@parley/contracts";
import { sendConditional } from "../../platform/http/conditional-get.ts";
import { siteSectionOf } from "../../platform/http/site-section.ts";
import type { SiteSection } from "../../platform/site-sections.ts";
import { writeFeed, type Feed } from "./feeds.xml.ts";
import type { FeedsService } from "./feeds.service.ts";

/** Feeds change with every post; readers and proxies keep them a few minutes, then ask again (conditionally). */
const CACHE_CONTROL = "public, max-age=300";

/**
 * The feeds' addresses (Vanilla's `/discussions/feed.rss`, `/categories/{code}/feed.rss`,
 * `/discussion/{id}/{slug}/feed.rss`, and the same pattern for tags and members), each with an `.atom` twin.
 * Outside /api/v2 and the OpenAPI document: they are pages of XML, not API calls.
 */
export const feedsRoutes: FastifyPluginAsyncTypebox<{ service: FeedsService }> = async (app, { service }) => {
  for (const format of Object.keys(feedFormats) as FeedFormat[]) {
    const extension = `feed.${format}`;
    const answer =
      (read: (params: Record<string, string>, ip: string, section: SiteSection | null) => Promise<Feed>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const feed = await read(request.params as Record<string, string>, request.ip, siteSectionOf(request));
        reply.type(`${feedFormats[format]}; charset=utf-8`).header("cache-control", CACHE_CONTROL);
        return sendConditional(request, reply, writeFeed(feed, format), feed.updated);
      };
    const hide = true;

    app.get(
      `/discussions/${extension}`,
      { schema: { hide } },
      answer((_params, ip, section) => service.recent(ip, section)),
    );
    app.get(
      `/categories/:code/${extension}`,
      { schema: { hide, params: Type.Object({ code: Type.String({ minLength: 1 }) }) } },
      answer((params, ip) => service.category(params["code"] ?? "", ip)),
    );
    app.get(
      `/discussions/tagged/:tag/${extension}`,
      { schema: { hide, params: Type.Object({ tag: Type.String({ minLength: 1 }) }) } },
      answer((params, ip, section) => service.tag(params["tag"] ?? "", ip, section)),
    );
    app.get(
      `/profile/:name/${extension}`,
      { schema: { hide, params: Type.Object({ name: Type.String({ minLength: 1 }) }) } },
      answer((params, ip) => service.member(decodeUserSegment(params["name"] ?? ""), ip)),
    );
    const discussion = answer((params, ip) => service.discussion(Number(params["id"]), ip));
    app.get(
      `/discussion/:id/${extension}`,
      { schema: { hide, params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) } },
      discussion,
    );
    app.get(
      `/discussion/:id/:slug/${extension}`,
      { schema: { hide, params: Type.Object({ id: Type.Integer({ minimum: 1 }), slug: Type.String() }) } },
      discussion,
    );
  }
};
