import type { FastifyRequest } from "fastify";
import { CONTENT_LOCALE_COOKIE } from "@parley/contracts";

/**
 * The content locale a read asks for: its `locale` parameter, else the reader's locale cookie (set by
 * the locale picker). Whether the site has that locale is the translations feature's to decide.
 *
 * Guests' caches stay apart by locale: the parameter is part of the address an answer is kept under,
 * and an answer to a request with any cookie is never kept.
 */
export function requestedContentLocale(request: FastifyRequest): string | undefined {
  const query = request.query as { locale?: unknown } | undefined;
  if (typeof query?.locale === "string" && query.locale !== "") return query.locale;
  const cookie = request.cookies[CONTENT_LOCALE_COOKIE];
  return cookie ? cookie : undefined;
}
