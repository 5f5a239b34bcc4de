import { use } from "react";
import { Link } from "react-router";
import { HeadContext } from "../../lib/head.tsx";
import { t } from "../../lib/i18n.ts";
import styles from "./Breadcrumbs.module.css";

export interface Crumb {
  name: string;
  url: string;
}

/**
 * The trail above a page's title (`nav` "Breadcrumb"): links to the pages above it, then, when given, the
 * page itself (`aria-current`, not a link). On the server the same trail becomes the head's `BreadcrumbList`.
 */
export function Breadcrumbs({ crumbs, current }: { crumbs: readonly Crumb[]; current?: string | undefined }) {
  // Server only: the client build drops it.
  if (import.meta.env.SSR) {
    const head = use(HeadContext);
    if (head) head.trail = { crumbs, current };
  }
  return (
    <nav className={styles.breadcrumbs} aria-label={t("Breadcrumb")}>
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.url}>
            <Link to={crumb.url}>{crumb.name}</Link>
          </li>
        ))}
        {current === undefined ? null : <li aria-current="page">{current}</li>}
      </ol>
    </nav>
  );
}
