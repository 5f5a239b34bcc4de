import type { i18n } from "i18next";
import { setBrowserLocale, type Translator } from "./i18n.ts";

/**
 * A locale's translator, made from its pack with i18next: loaded only by a page in another locale than English
 * (through `locale-packs.ts`) and by the server's renders, so English pages carry none of it.
 */
async function createEngine(locale: string, pack: Record<string, string>): Promise<i18n> {
  const { default: i18next } = await import("i18next");
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: false,
    initAsync: false,
    resources: { [locale]: { translation: pack } },
    // Keys contain '.' and ':'.
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: {
      prefix: "{",
      suffix: "}",
      // React escapes what it renders; escaping here would double-escape.
      escapeValue: false,
      skipOnVariables: true,
    },
    // A placeholder without a value stays as written.
    missingInterpolationHandler: (_text, value: RegExpExecArray) => value[0],
  });
  return instance;
}

/**
 * A translator for one locale's pack (an object of English sentence → translation); a key the pack lacks
 * stays in English. Loads i18next on demand: English pages never download it.
 */
export async function createTranslator(locale: string, pack: Record<string, string>): Promise<Translator> {
  const engine = await createEngine(locale, pack);
  const counts = new Intl.NumberFormat(locale, {
    notation: "compact",
    maximumFractionDigits: 1,
    roundingMode: "trunc",
  });
  return {
    locale,
    translate: (key, values) =>
      values ? engine.t(key, values) : engine.t(key, { interpolation: { skipOnVariables: true } }),
    count: (value) => counts.format(value),
  };
}

/**
 * Makes a locale's pack the browser's current one. Await it before rendering: the first pack loads the
 * engine. English with no pack goes back to the keys themselves.
 */
export async function setTranslations(next: Record<string, string>, locale = "en", chosen = locale): Promise<void> {
  const translator = locale === "en" && Object.keys(next).length === 0 ? null : await createTranslator(locale, next);
  setBrowserLocale({ locale, chosen, translator });
}
