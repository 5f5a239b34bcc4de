import { t } from "../../lib/i18n.ts";
import { useSite } from "../../lib/site.ts";
import { buttonLook } from "../../ui/button/Button.tsx";
import styles from "./Banner.module.css";

/**
 * `react.banner`, the home page's top: the site's title and description, and a search box (a GET form to
 * `/search`, which reads `query`, so it works without JavaScript). Rendered by the server only.
 */
export function Banner() {
  const site = useSite();
  return (
    <header className={styles.banner} data-part="banner">
      <h1 className={styles.title}>{site.title}</h1>
      {site.description ? <p className={styles.description}>{site.description}</p> : null}
      <form className={styles.search} action="/search" method="get" role="search">
        <input className={styles.input} type="search" name="query" aria-label={t("Search")} placeholder={t("Search")} />
        <button type="submit" {...buttonLook({ buttonType: "primary" })}>
          {t("Search")}
        </button>
      </form>
    </header>
  );
}
