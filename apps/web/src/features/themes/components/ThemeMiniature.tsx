import { formatColor } from "@parley/contracts/colors";
import type { ThemePalette } from "@parley/contracts/theme-css";
import { t } from "../../../lib/i18n.ts";
import styles from "./ThemeMiniature.module.css";

/**
 * The editor's colours on a miniature page (title bar, text, a link and a primary button), redrawn as
 * they change. A picture: screen readers get its caption.
 */
export function ThemeMiniature({ palette }: { palette: ThemePalette }) {
  return (
    <figure className={styles.figure}>
      <div
        className={styles.page}
        aria-hidden="true"
        data-part="miniature"
        style={{ background: formatColor(palette.bg), color: formatColor(palette.fg) }}
      >
        <div
          className={styles.bar}
          data-part="miniature-title-bar"
          style={{ background: formatColor(palette.titleBarBg), color: formatColor(palette.titleBarFg) }}
        >
          <span className={styles.logo}>{t("Forum")}</span>
          <span>{t("Discussions")}</span>
          <span>{t("Categories")}</span>
        </div>
        <div className={styles.body}>
          <p className={styles.heading}>{t("A discussion")}</p>
          <p className={styles.text}>
            {t("Some text of a post, with")}{" "}
            <span className={styles.link} style={{ color: formatColor(palette.primary) }}>
              {t("a link")}
            </span>
          </p>
          <span
            className={styles.button}
            data-part="miniature-button"
            style={{ background: formatColor(palette.primary), color: formatColor(palette.primaryContrast) }}
          >
            {t("Reply")}
          </span>
        </div>
      </div>
      <figcaption className={styles.caption}>{t("The colors together, as you change them.")}</figcaption>
    </figure>
  );
}
