import { AsyncLocalStorage } from "node:async_hooks";
import { setLocaleResolver, type LocaleState } from "./lib/i18n.ts";
import { createTranslator } from "./lib/translator.ts";
import { loadLocalePack } from "./lib/locale-packs.ts";

/**
 * Server only (imported by entry-server.tsx): each render's locale in an AsyncLocalStorage, so the renders
 * that stream at the same time (a French guest's and an English member's) each translate in their own
 * locale. React's Fizz renderer keeps the async context across the work it schedules (setImmediate, and a
 * suspended boundary's retry, pinged from the `then` it registered during the render): `t()` inside a lazy
 * part finishing later reads the same store (server-locale.test.tsx renders two locales at once).
 */
const storage = new AsyncLocalStorage<LocaleState>();
setLocaleResolver(() => storage.getStore());

/** Each locale's translator, made once per process (its pack loaded once). */
const translators = new Map<string, Promise<LocaleState["translator"]>>();

function translatorFor(locale: string): Promise<LocaleState["translator"]> {
  let translator = translators.get(locale);
  if (!translator) {
    translator = loadLocalePack(locale).then((pack) => (pack ? createTranslator(locale, pack) : null));
    translators.set(locale, translator);
    // A failed load is tried again by the next render, not kept.
    translator.catch(() => translators.delete(locale));
  }
  return translator;
}

/** The state of a render in `locale` (English, or a locale without a pack: no translator). */
export async function localeState(locale: string, chosen = locale): Promise<LocaleState> {
  const translator = locale === "en" ? null : await translatorFor(locale);
  return { locale: translator ? locale : "en", chosen, translator };
}

/** Runs `work` (and everything it schedules) in `state`'s locale. */
export const inLocale = <T>(state: LocaleState, work: () => T): T => storage.run(state, work);
