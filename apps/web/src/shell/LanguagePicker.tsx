import { useId } from "react";
import { interfaceLocaleKeys, LOCALE_ROUTE } from "@parley/contracts/interface-locales";
import { chosenLocale, t } from "../lib/i18n.ts";
import { buttonLook } from "../ui/button/Button.tsx";
import styles from "./LanguagePicker.module.css";

/** Locales' own names, made once each: an `Intl.DisplayNames` costs tens of microseconds, on every page's footer. */
const ownNames = new Map<string, string>();

/** A locale's own name, capitalized as a menu item ('Français', 'Deutsch'). */
function ownName(locale: string): string {
  let known = ownNames.get(locale);
  if (known === undefined) {
    known = nameOf(locale);
    // Locale tags come from the site's settings and the reader's cookie: a bounded few are kept.
    if (ownNames.size < 200) ownNames.set(locale, known);
  }
  return known;
}

function nameOf(locale: string): string {
  let name = locale;
  try {
    name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  } catch {
    // An unknown tag shows as itself.
  }
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * The reader's language, for guests and members, in every page's footer: the interface's locales and the
 * content locales the site has enabled (one choice for both: the locale cookie). A plain GET form to
 * `/locale`, which sets the cookie and comes back here: it works without JavaScript, and with it the page
 * reloads in the new locale (its pack and its translated content load with the page). No submit on change:
 * moving through the list by keyboard must not leave the page. Rendered by the server only (`serverRendered`):
 * reading pages carry none of its JavaScript; `target` is the page's path, so a navigation in the app renders it anew.
 */
export function LanguagePicker({ contentLocales, target }: { contentLocales: readonly string[]; target: string }) {
  const id = useId();
  const chosen = chosenLocale();
  const locales = [...new Set([...interfaceLocaleKeys, ...contentLocales, chosen])];
  const button = buttonLook({ buttonType: "standard", size: "compact" });
  return (
    <form className={styles.picker} method="get" action={LOCALE_ROUTE} data-part="language-picker">
      <input type="hidden" name="target" value={target} />
      <label htmlFor={id}>{t("Language")}</label>
      <select id={id} name="locale" defaultValue={chosen}>
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {ownName(locale)}
          </option>
        ))}
      </select>
      <button type="submit" className={button.className} style={button.style}>
        {t("Change")}
      </button>
    </form>
  );
}
