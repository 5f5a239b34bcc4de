import { Link } from "react-router";
import { formatCount } from "../../lib/numbers.ts";
import { t } from "../../lib/i18n.ts";
import styles from "./Pager.module.css";

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  /** The address of a page: every page has a real URL (reading pages work without JavaScript). */
  href: (page: number) => string;
  label: string;
}

/** Which page numbers to show: first, last, and two either side of the current one. */
function pageNumbers(page: number, count: number): Array<number | "gap"> {
  const wanted = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1]! > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

/** 'a - b of total' with previous/next and numbered links (spec §2 "Pager"). */
export function Pager({ page, limit, total, href, label }: PagerProps) {
  const count = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav className={styles.pager} aria-label={label}>
      <span>
        {formatCount(from)} - {formatCount(to)} {t("of")} {formatCount(total)}
      </span>
      {count > 1 ? (
        <ul className={styles.links}>
          <li>
            {page > 1 ? (
              <Link className={styles.link} to={href(page - 1)} rel="prev" aria-label={t("Previous Page")}>
                ‹
              </Link>
            ) : (
              <span className={`${styles.link} ${styles.disabled}`} aria-hidden="true">
                ‹
              </span>
            )}
          </li>
          {pageNumbers(page, count).map((n, index) =>
            n === "gap" ? (
              <li key={`gap-${index}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  className={n === page ? `${styles.link} ${styles.current}` : styles.link}
                  to={href(n)}
                  aria-current={n === page ? "page" : undefined}
                  aria-label={t("Page {n}", { n })}
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < count ? (
              <Link className={styles.link} to={href(page + 1)} rel="next" aria-label={t("Next Page")}>
                ›
              </Link>
            ) : (
              <span className={`${styles.link} ${styles.disabled}`} aria-hidden="true">
                ›
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
