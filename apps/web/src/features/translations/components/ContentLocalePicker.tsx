import { useEffect, useId, useState } from "react";
import { CONTENT_LOCALE_COOKIE, defaultTranslationLocale } from "@parley/contracts/translations-constants";
import { t } from "../../../lib/i18n.ts";
import styles from "./ContentLocalePicker.module.css";

/** The reader's content locale, from the cookie the picker sets (the server reads the same cookie). */
export function readContentLocale(cookie: string): string {
  const pair = cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONTENT_LOCALE_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(CONTENT_LOCALE_COOKIE.length + 1)) : defaultTranslationLocale;
}

/** A locale's own name ('français'), as readers look for it. */
const ownName = (key: string) => {
  try {
    return new Intl.DisplayNames([key], { type: "language" }).of(key) ?? key;
  } catch {
    return key;
  }
};

/**
 * The reader's choice of content locale (category names and descriptions), shown when the site has more
 * than one; the interface itself stays in English. The choice is a cookie the API reads, and the page
 * reloads in it. It needs JavaScript: without it the content stays as written. Loaded on demand by
 * `ContentLocaleGate.tsx`, only on sites with several content locales.
 */
export function ContentLocalePicker({ locales }: { locales: readonly string[] }) {
  const id = useId();
  // The server's HTML shows the default; the cookie is read once hydrated, so both render the same first.
  const [current, setCurrent] = useState(defaultTranslationLocale);
  useEffect(() => setCurrent(readContentLocale(document.cookie)), []);
  if (locales.length < 2) return null;
  return (
    <div className={styles.picker} data-part="content-locale">
      <label htmlFor={id}>{t("Content language")}</label>
      <select
        id={id}
        value={locales.includes(current) ? current : defaultTranslationLocale}
        onChange={(event) => {
          const next = event.target.value;
          document.cookie = `${CONTENT_LOCALE_COOKIE}=${encodeURIComponent(next)}; path=/; max-age=31536000; samesite=lax`;
          setCurrent(next);
          window.location.reload();
        }}
      >
        {locales.map((key) => (
          <option key={key} value={key} lang={key}>
            {ownName(key)}
          </option>
        ))}
      </select>
    </div>
  );
}
