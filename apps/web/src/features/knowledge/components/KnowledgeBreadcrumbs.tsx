import { Link } from "react-router";
import { t } from "../../../lib/i18n.ts";
import type { Breadcrumb } from "../knowledge.urls.ts";
import styles from "./knowledge.module.css";

/** Knowledge Base › the base › its categories, then the page itself (not a link). */
export function KnowledgeBreadcrumbs({ crumbs, current }: { crumbs: readonly Breadcrumb[]; current: string }) {
  return (
    <nav className={styles.breadcrumbs} aria-label={t("Breadcrumb")}>
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.url}>
            <Link to={crumb.url}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
