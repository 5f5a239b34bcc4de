import type { CSSProperties } from "react";
import { formatColor } from "@parley/contracts/colors";
import { isSafeImageUrl, type ThemePalette } from "@parley/contracts/theme-css";
import { t } from "../../../lib/i18n.ts";
import styles from "./ThemeMiniature.module.css";

/**
 * The editor's theme on a miniature page (title bar with the logo, a heading, text, a link, a field, a
 * chip and the two kinds of button), redrawn as the form changes: it wears the CSS custom properties the
 * form's values make, so fonts, radius and button style show as the site will show them. A picture:
 * screen readers get its caption.
 */
export function ThemeMiniature({
  palette,
  properties,
  logoUrl = "",
  siteName,
}: {
  palette: ThemePalette;
  /** The theme's CSS custom properties (`--button-radius` → `6px`), as `themeCssProperties` makes them. */
  properties: Record<string, string>;
  logoUrl?: string;
  siteName: string;
}) {
  const variables = Object.fromEntries(
    Object.entries(properties).filter(([name]) => name.startsWith("--")),
  ) as CSSProperties;
  return (
    <figure className={styles.figure}>
      <div
        className={styles.page}
        aria-hidden="true"
        data-part="miniature"
        style={{ ...variables, background: formatColor(palette.bg), color: formatColor(palette.fg) }}
      >
        <div
          className={styles.bar}
          data-part="miniature-title-bar"
          style={{ background: formatColor(palette.titleBarBg), color: formatColor(palette.titleBarFg) }}
        >
          {logoUrl && isSafeImageUrl(logoUrl) ? (
            <img className={styles.logoImage} src={logoUrl} alt="" data-part="miniature-logo" />
          ) : (
            <span className={styles.logo}>{siteName}</span>
          )}
          <span>{t("Discussions")}</span>
          <span>{t("Categories")}</span>
        </div>
        <div className={styles.body}>
          <p className={styles.heading}>{t("A discussion")}</p>
          <p className={styles.text}>
            {t("Some text of a post, with")} <span className={styles.link}>{t("a link")}</span>
          </p>
          <p className={styles.row}>
            <span className={styles.input}>{t("Search")}</span>
            <span className={styles.chip}>{t("Help")}</span>
          </p>
          <p className={styles.row}>
            <span className={`${styles.button} ${styles.primary}`} data-part="miniature-button">
              {t("Reply")}
            </span>
            <span className={`${styles.button} ${styles.standard}`}>{t("Cancel")}</span>
          </p>
        </div>
      </div>
      <figcaption className={styles.caption}>{t("The theme as you change it: colors, type and shapes.")}</figcaption>
    </figure>
  );
}
