import type { FastifyRequest } from "fastify";
import type { Viewer } from "../auth/viewer.ts";
import { requestedContentLocale } from "./content-locale.ts";
import { originOf } from "./pagination.ts";

/** What a service is told of the call it answers: the one context type every feature's services take. */
export interface RequestContext {
  /** Who asks. */
  viewer: Viewer;
  /** The site's absolute origin, for links: the configured address (`originOf`), never the request's Host. */
  origin: string;
  /** The caller's address (a trusted proxy's X-Forwarded-For), written with the posts and accounts it makes. */
  ip: string;
  /** The content locale the reader asked for (a `locale` parameter or their cookie), on reads that translate. */
  locale?: string | undefined;
}

/**
 * A route's context for its service. A function rather than a request decorator: page renders' in-process
 * reads (`in-process-reads.ts`) hand routes a plain request object. `contentLocale` adds the locale the
 * reader asked for, on the reads that answer in it (writes answer in the site's own words).
 */
export const requestContext = (request: FastifyRequest, options?: { contentLocale: true }): RequestContext =>
  options?.contentLocale
    ? { viewer: request.viewer, origin: originOf(request), ip: request.ip, locale: requestedContentLocale(request) }
    : { viewer: request.viewer, origin: originOf(request), ip: request.ip };
