import type { i18n } from "i18next";

/**
 * Translation with the spec's English sentences as the keys (`t("Sign In")`) and `{name}` placeholders
 * filled from `values`. `npm run i18n:extract` writes every key the code uses to `apps/web/locales/en.json`.
 *
 * English needs no pack and no engine: the key is the sentence, so `t` only fills placeholders, and the
 * reader pages never download i18next (15 kB gzipped, a tenth of their JavaScript budget). A locale pack
 * (`setTranslations`) loads i18next on demand, and from then on every string goes through it.
 */
let engine: i18n | null = null;

const placeholder = /\{(\w+)\}/g;

/** Fills `{name}` from `values` in one pass (a value is never read as a placeholder); unknown ones stay. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(placeholder, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

async function createEngine(): Promise<i18n> {
  const { default: i18next } = await import("i18next");
  const instance = i18next.createInstance();
  await instance.init({
    lng: "en",
    fallbackLng: false,
    initAsync: false,
    resources: { en: { translation: {} } },
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
 * Replaces a locale's pack (an object of English sentence → translation) and makes it current. Await it
 * before rendering: the first pack loads the engine.
 */
export async function setTranslations(next: Record<string, string>, locale = "en"): Promise<void> {
  if (!engine && locale === "en" && Object.keys(next).length === 0) return;
  engine ??= await createEngine();
  engine.removeResourceBundle(locale, "translation");
  engine.addResourceBundle(locale, "translation", next, false, true);
  if (engine.language !== locale) await engine.changeLanguage(locale);
}

/**
 * Marks an English sentence kept in a list or a map (a sort option's label) for `npm run i18n:extract`; the
 * component still translates it with `t(option.label)` where it shows it.
 */
export const msg = (english: string): string => english;

export function t(key: string, values?: Record<string, string | number>): string {
  if (engine) {
    return values ? engine.t(key, values) : engine.t(key, { interpolation: { skipOnVariables: true } });
  }
  return values ? fill(key, values) : key;
}
