/**
 * The interface's locales (issue 31 item 8): the languages Parley's own words are shown in. Free of TypeBox
 * and of Node, so the browser bundle imports it. docs/translations.md tells how to add one.
 *
 * One choice for the interface and the content, as in Vanilla: the reader's locale is the content locale
 * cookie (`CONTENT_LOCALE_COOKIE`), so picking Français shows the interface in French and the categories in
 * their French translation where the site has one. A content locale without an interface pack (es, ja…)
 * shows its content with the interface in English.
 */
import { CONTENT_LOCALE_COOKIE } from "./translations-constants.ts";

/** The locales with an interface pack (`apps/web/locales/<key>.json`); English is the keys themselves. */
export const interfaceLocaleKeys = ["en", "fr", "de"] as const;
export type InterfaceLocaleKey = (typeof interfaceLocaleKeys)[number];

/**
 * A pseudo-locale for right-to-left testing (Chromium's own name for its bidi pseudo-locale): every string
 * mirrored, the page `dir="rtl"`. Offered only where the server sets `PARLEY_PSEUDO_LOCALE` (tests, dev).
 */
export const PSEUDO_RTL_LOCALE = "ar-XB";

/** The cookie holding the reader's locale: the content locale cookie (one choice for both). */
export const LOCALE_COOKIE = CONTENT_LOCALE_COOKIE;

/** The server route a language picker's form goes to (`?locale=fr&target=/path`); it sets the cookie. */
export const LOCALE_ROUTE = "/locale";

export const DEFAULT_INTERFACE_LOCALE = "en";

const rtlLanguages = new Set(["ar", "fa", "he", "ur", "yi", "ps", "dv", "ku", "sd", "ug"]);

/** The writing direction of a locale (its language subtag; `ar-XB` is right to left). */
export const directionOf = (locale: string): "ltr" | "rtl" =>
  rtlLanguages.has(locale.split("-")[0]?.toLowerCase() ?? "") ? "rtl" : "ltr";

/** The interface locales a site offers: the packs, and the pseudo-locale where enabled. */
export const offeredInterfaceLocales = (pseudo: boolean): string[] =>
  pseudo ? [...interfaceLocaleKeys, PSEUDO_RTL_LOCALE] : [...interfaceLocaleKeys];

/**
 * The interface locale for a chosen locale: the chosen one where it has a pack (`fr-CA` → `fr`), else English.
 */
export function interfaceLocaleOf(chosen: string | undefined, offered: readonly string[]): string {
  if (!chosen) return DEFAULT_INTERFACE_LOCALE;
  if (offered.includes(chosen)) return chosen;
  const language = chosen.split("-")[0]?.toLowerCase() ?? "";
  return offered.includes(language) ? language : DEFAULT_INTERFACE_LOCALE;
}

/**
 * The best offered locale for an `Accept-Language` header (a first visit, no cookie): the highest-weighted
 * language with a pack, by its language subtag; English when none. Never the pseudo-locale.
 */
export function localeFromAcceptLanguage(header: string | undefined, offered: readonly string[]): string {
  if (!header) return DEFAULT_INTERFACE_LOCALE;
  const ranges = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        language: range.trim().split("-")[0]?.toLowerCase() ?? "",
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranges) {
    if (language === DEFAULT_INTERFACE_LOCALE) return DEFAULT_INTERFACE_LOCALE;
    if (language !== PSEUDO_RTL_LOCALE && offered.includes(language)) return language;
  }
  return DEFAULT_INTERFACE_LOCALE;
}
