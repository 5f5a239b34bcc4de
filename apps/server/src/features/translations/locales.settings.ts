import {
  contentLocaleKeys,
  defaultTranslationLocale,
  isContentLocaleKey,
  type ContentLocaleKey,
} from "@parley/contracts";
import { parseAttributes } from "../../platform/records.ts";
import type { SiteConfig } from "../../platform/site-config.ts";

/**
 * The content locales of the site (`locales.enabled`, `en` always first) and the JSON settings of
 * locales and translation services, read from the site settings (cached there for a few seconds).
 */

/** The enabled content locales, in the catalogue's order, `en` always among them. */
export function enabledLocalesOf(csv: string): ContentLocaleKey[] {
  const listed = new Set(csv.split(",").map((key) => key.trim()));
  return contentLocaleKeys.filter((key) => key === defaultTranslationLocale || listed.has(key));
}

/** A JSON object setting (`{"fr": "deepl"}`); anything else reads as empty. */
export const jsonObjectOf = <T>(text: string) => parseAttributes(text) as Record<string, T>;

/** Language names in another language (Intl's, from Node's ICU data). */
const namers = new Map<string, Intl.DisplayNames>();
export function displayName(localeKey: string, inLocale: string): string {
  let namer = namers.get(inLocale);
  if (!namer) {
    namer = new Intl.DisplayNames([inLocale], { type: "language", fallback: "code" });
    namers.set(inLocale, namer);
  }
  return namer.of(localeKey.replace("_", "-")) ?? localeKey;
}

export function createLocaleSettings(siteConfig: SiteConfig) {
  return {
    enabled: async () => enabledLocalesOf(await siteConfig.get("locales.enabled")),

    /**
     * The locale a content read is presented in: the one asked for (a `locale` parameter, else the
     * reader's cookie) when it is enabled and not the content's own, else null (the content as written).
     */
    async contentLocale(requested: string | undefined, sourceLocale = defaultTranslationLocale) {
      if (!requested || !isContentLocaleKey(requested) || requested === sourceLocale) return null;
      return (await this.enabled()).includes(requested) ? requested : null;
    },
  };
}

export type LocaleSettings = ReturnType<typeof createLocaleSettings>;
