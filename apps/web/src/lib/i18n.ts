/**
 * Translation with the spec's English sentences as the keys (`t("Sign In")`) and `{name}` placeholders
 * filled from `values`. `npm run i18n:extract` writes every key the code uses to `apps/web/locales/en.json`.
 *
 * English needs no pack and no engine: the key is the sentence, so `t` only fills placeholders, and the
 * reader pages never download i18next (15 kB gzipped, a tenth of their JavaScript budget). A locale pack
 * (`translator.ts`'s `setTranslations`, on the server `server-locale.ts`) loads i18next on demand, and from then on
 * every string goes through it.
 */
/** A locale's words and counts (`translator.ts` makes one from its pack, with i18next). */
export interface Translator {
  readonly locale: string;
  translate(key: string, values?: Record<string, string | number>): string;
  /** A count abbreviated in the locale ('1,2 k'). */
  count(value: number): string;
}

/**
 * The locale a render is in: the interface's (`fr`), the reader's choice it came from (a content locale
 * without an interface pack, `es`, shows the interface in English), and the translator (null in English).
 */
export interface LocaleState {
  locale: string;
  chosen: string;
  translator: Translator | null;
}

/** The browser's (one locale per page): set by `setTranslations` before hydrating. */
const browser: LocaleState = { locale: "en", chosen: "en", translator: null };

/**
 * Where the server's renders find theirs: `entry-server.tsx` keeps each render's state in an
 * AsyncLocalStorage (concurrent streaming renders of different locales never mix) and hands its lookup
 * here. This module is bundled for the browser too, so it cannot import `node:async_hooks` itself.
 */
let resolveLocaleState: (() => LocaleState | undefined) | null = null;

export function setLocaleResolver(resolve: (() => LocaleState | undefined) | null): void {
  resolveLocaleState = resolve;
}

const placeholder = /\{(\w+)\}/g;

/** Fills `{name}` from `values` in one pass (a value is never read as a placeholder); unknown ones stay. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(placeholder, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Makes `state` the browser's (`translator.ts`'s `setTranslations`, before hydrating). */
export function setBrowserLocale(state: LocaleState): void {
  Object.assign(browser, state);
}

const active = (): LocaleState => resolveLocaleState?.() ?? browser;

/** The translator of the render under way; null in English. */
export const activeTranslator = (): Translator | null => active().translator;

/** The interface locale of the render under way (the server's request, or the browser's page). */
export const currentLocale = (): string => active().locale;

/** The locale the reader chose (the cookie's), which may be a content locale without an interface pack. */
export const chosenLocale = (): string => active().chosen;

/**
 * Marks an English sentence kept in a list or a map (a sort option's label) for `npm run i18n:extract`; the
 * component still translates it with `t(option.label)` where it shows it. The contracts' sentences the app shows
 * are marked with the same function, from `@parley/contracts/i18n`.
 */
export { msg } from "@parley/contracts/i18n";

export function t(key: string, values?: Record<string, string | number>): string {
  const { translator } = active();
  if (translator) return translator.translate(key, values);
  return values ? fill(key, values) : key;
}
