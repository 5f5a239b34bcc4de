import type { WidgetProps } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import { useSite } from "../../lib/site.ts";
import { useSectionHref } from "../../lib/site-section.tsx";
import { buttonLook } from "../../ui/button/Button.tsx";
import { cx } from "../../ui/css.ts";
import styles from "./Banner.module.css";

/**
 * `react.banner`, the home page's top: a title and description (the site's unless the layout gives them), and a
 * search box (a GET form to `/search`, which reads `query`, so it works without JavaScript); a logo above the
 * title, an icon beside it and an image on the right when given (decorative: the title says what they show).
 * `content-banner` is the compact, left-aligned variant. Rendered by the server only.
 */
export function Banner({
  title,
  description,
  showSearch = true,
  logoUrl,
  iconUrl,
  rightImageUrl,
  variant = "banner",
}: WidgetProps<"react.banner">) {
  const site = useSite();
  // In a subcommunity the server gives its name and description, and the search is its own.
  const href = useSectionHref();
  const text = description ?? site.description;
  return (
    <header
      className={cx(styles.banner, variant === "content-banner" && styles.content, rightImageUrl && styles.withImage)}
      data-part="banner"
    >
      <div className={styles.text}>
        {logoUrl ? <img className={styles.logo} src={logoUrl} alt="" /> : null}
        <h1 className={styles.title}>
          {iconUrl ? <img className={styles.icon} src={iconUrl} alt="" width={40} height={40} /> : null}
          {title ?? site.title}
        </h1>
        {text ? <p className={styles.description}>{text}</p> : null}
        {showSearch ? (
          <form className={styles.search} action={href("/search")} method="get" role="search">
            <input
              className={styles.input}
              type="search"
              name="query"
              aria-label={t("Search")}
              placeholder={t("Search")}
            />
            <button type="submit" {...buttonLook({ buttonType: "primary" })}>
              {t("Search")}
            </button>
          </form>
        ) : null}
      </div>
      {rightImageUrl ? <img className={styles.rightImage} src={rightImageUrl} alt="" /> : null}
    </header>
  );
}
