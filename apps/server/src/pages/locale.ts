import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  LOCALE_COOKIE,
  LOCALE_ROUTE,
  interfaceLocaleOf,
  localeFromAcceptLanguage,
  offeredInterfaceLocales,
} from "@parley/contracts/interface-locales";
import { isContentLocaleKey } from "@parley/contracts/translations-constants";
import { safeTarget } from "@parley/contracts/urls";

/** A year: the choice stays until the reader makes another. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The locale a page renders in: the reader's choice (the locale cookie, shared with the content locale), else the
 * subcommunity's locale on its pages, its interface pack where there is one; without either (a first visit), the best
 * of `Accept-Language`.
 */
export function pageLocale(
  request: FastifyRequest,
  pseudo: boolean,
  /** A subcommunity's locale (its pages' own language, unless the reader chose one). */
  sectionLocale = "",
): { locale: string; chosen: string } {
  const offered = offeredInterfaceLocales(pseudo);
  const chosen = request.cookies[LOCALE_COOKIE] || sectionLocale;
  if (chosen) return { locale: interfaceLocaleOf(chosen, offered), chosen };
  const locale = localeFromAcceptLanguage(request.headers["accept-language"], offered);
  return { locale, chosen: locale };
}

/**
 * `GET /locale?locale=fr&target=/discussions`: the language picker's form (it works without JavaScript) sets
 * the locale cookie and goes back to the page, which renders in that locale. A locale neither the interface
 * nor the content has leaves the cookie as it was. Setting a preference by GET is harmless to forge.
 */
export function registerLocaleRoute(app: FastifyInstance, { pseudo }: { pseudo: boolean }): void {
  const offered = offeredInterfaceLocales(pseudo);
  app.get(LOCALE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { locale?: unknown; target?: unknown };
    const locale = typeof query.locale === "string" ? query.locale : "";
    if (offered.includes(locale) || isContentLocaleKey(locale)) {
      reply.setCookie(LOCALE_COOKIE, locale, {
        path: "/",
        maxAge: COOKIE_MAX_AGE_SECONDS,
        sameSite: "lax",
        // The client's content locale code reads it too.
        httpOnly: false,
        secure: request.protocol === "https",
      });
    }
    reply.header("cache-control", "no-store");
    return reply.redirect(safeTarget(typeof query.target === "string" ? query.target : "/"), 303);
  });
}
