import { Link } from "react-router";
import type { DiscussionSort } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import styles from "./SortLinks.module.css";

export const discussionSortOptions: Array<{ sort: DiscussionSort; label: string }> = [
  { sort: "-dateLastComment", label: "Recently Commented" },
  { sort: "-dateInserted", label: "Recently Created" },
  { sort: "-score", label: "Top" },
  { sort: "-hot", label: "Hot" },
  { sort: "dateInserted", label: "Oldest" },
];

/** The sort choice as links (work without JavaScript; the URL carries `?sort`). */
export function SortLinks({ current, href }: { current: DiscussionSort; href: (sort: DiscussionSort) => string }) {
  return (
    <nav aria-label={t("Sort by")} className={styles.sorts}>
      <span>{t("Sort by")}:</span>
      <ul>
        {discussionSortOptions.map((option) => (
          <li key={option.sort}>
            <Link
              to={href(option.sort)}
              aria-current={option.sort === current ? "true" : undefined}
              className={option.sort === current ? styles.current : undefined}
            >
              {t(option.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
