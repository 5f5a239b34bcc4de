import type { WidgetProps } from "@parley/contracts";
import { PageHead } from "../../lib/head.tsx";
import { t } from "../../lib/i18n.ts";
import styles from "./CustomPageHead.module.css";

/**
 * `react.asset.customPageHead`: a custom page's SEO title, meta description and canonical address, its title as the
 * page's heading, and, for the site managers who alone see an unpublished page, a notice that it is not published.
 */
export function CustomPageHead({
  customPageID,
  title,
  description,
  url,
  published,
}: WidgetProps<"react.asset.customPageHead">) {
  return (
    <header className={styles.head}>
      <PageHead title={title} canonical={url} {...(description ? { description } : {})} noindex={!published} />
      {published ? null : (
        <p className={styles.notice} role="note">
          <strong>{t("Not published")}</strong> {t("Only site managers see this page until it is published.")}{" "}
          <a href={`/dashboard/pages?edit=${customPageID}`}>{t("Edit page")}</a>
        </p>
      )}
      <h1 className={styles.title}>{title}</h1>
    </header>
  );
}
