import { PSEUDO_RTL_LOCALE } from "@parley/contracts/interface-locales";
import { setTranslations } from "./translator.ts";

/**
 * The interface packs (`apps/web/locales/<locale>.json`, English sentence → translation), each its own
 * content-hashed chunk under /assets/ (served `immutable`), loaded only by a page in that locale: English
 * pages load none, and never i18next. en.json is loaded only to make the right-to-left pseudo-locale.
 */
const packs = import.meta.glob<Record<string, string>>(["../../locales/*.json", "!../../locales/en.json"], {
  import: "default",
});
const englishPack = () => import("../../locales/en.json").then((module) => module.default as Record<string, string>);

const placeholder = /(\{\w+\})/;
const RIGHT_TO_LEFT_OVERRIDE = "\u202e";
const POP_DIRECTIONAL_FORMATTING = "\u202c";

/**
 * A sentence in the pseudo-locale: each run of text between placeholders shown mirrored (a right-to-left
 * override, as Chromium's own ar-XB does), `{placeholders}` kept, so a string left out of `t()` stands out
 * and the layout is laid right to left.
 */
export function pseudoRtl(text: string): string {
  return text
    .split(placeholder)
    .map((part) =>
      part === "" || placeholder.test(part) ? part : `${RIGHT_TO_LEFT_OVERRIDE}${part}${POP_DIRECTIONAL_FORMATTING}`,
    )
    .join("");
}

/** The pack of an interface locale other than English; null when there is none. */
export async function loadLocalePack(locale: string): Promise<Record<string, string> | null> {
  if (locale === PSEUDO_RTL_LOCALE) {
    const english = await englishPack();
    return Object.fromEntries(Object.keys(english).map((key) => [key, pseudoRtl(key)]));
  }
  const load = packs[`../../locales/${locale}.json`];
  return load ? load() : null;
}

/** Before hydrating (main.tsx): the page's locale pack, and i18next, become the browser's. */
export async function applyPageLocale(locale: string, chosen: string | undefined): Promise<void> {
  const pack = await loadLocalePack(locale);
  if (pack) await setTranslations(pack, locale, chosen);
}
