import i18next, { type i18n } from "i18next";

/**
 * Translation through i18next, with the spec's English sentences as the keys (`t("Sign In")`) and
 * `{name}` placeholders filled from `values`. English needs no pack; other locales are data
 * (`setTranslations`). Keys contain '.' and ':', so i18next's key and namespace separators are off.
 * `npm run i18n:extract` writes every key the code uses to `apps/web/locales/en.json`.
 */
const instance: i18n = i18next.createInstance();
void instance.init({
  lng: "en",
  fallbackLng: false,
  initAsync: false,
  resources: { en: { translation: {} } },
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

/** Replaces the current locale's pack (an object of English sentence → translation). */
export function setTranslations(next: Record<string, string>, locale = "en"): void {
  instance.removeResourceBundle(locale, "translation");
  instance.addResourceBundle(locale, "translation", next, false, true);
  if (instance.language !== locale) void instance.changeLanguage(locale);
}

export function t(key: string, values?: Record<string, string | number>): string {
  return values ? instance.t(key, values) : instance.t(key, { interpolation: { skipOnVariables: true } });
}
