import { useId, type ReactNode } from "react";
import { t } from "../../lib/i18n.ts";
import styles from "./HomeWidgets.module.css";

/**
 * A home widget's box: its title (an h2 under the page's h1), subtitle and description above the items, and
 * a "View All" link after them. `data-home-widget` tells the browser to load the widgets' module before hydrating.
 */
export function WidgetFrame({
  title,
  subtitle,
  description,
  viewAll,
  children,
  part,
}: {
  title?: string | undefined;
  subtitle?: string | undefined;
  description?: string | undefined;
  /** "View All" unless named. */
  viewAll?: { to: string; name?: string | undefined } | undefined;
  part: string;
  children: ReactNode;
}) {
  const headingID = useId();
  return (
    <section
      className={styles.widget}
      data-home-widget=""
      data-part={part}
      {...(title ? { "aria-labelledby": headingID } : {})}
    >
      {title || subtitle || description ? (
        <header className={styles.header}>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          {title ? (
            <h2 id={headingID} className={styles.title}>
              {title}
            </h2>
          ) : null}
          {description ? <p className={styles.description}>{description}</p> : null}
        </header>
      ) : null}
      {children}
      {viewAll ? (
        <p className={styles.viewAll}>
          <a href={viewAll.to}>{viewAll.name ?? t("View All")}</a>
        </p>
      ) : null}
    </section>
  );
}
