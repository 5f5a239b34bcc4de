/**
 * Translation: English sentences are the keys (`t("Sign In")`). English is the only locale so far;
 * locale packs plug in here (`setTranslations`) and `{name}` placeholders are filled from `values`.
 */
let translations: Record<string, string> = {};

export function setTranslations(next: Record<string, string>): void {
  translations = next;
}

export function t(key: string, values?: Record<string, string | number>): string {
  const text = translations[key] ?? key;
  return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match)) : text;
}
