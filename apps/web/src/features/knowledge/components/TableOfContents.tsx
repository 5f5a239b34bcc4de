import type { ArticleOutlineItem } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import styles from "./knowledge.module.css";

/** "On this page": the article's headings (its `outline`), each a link to `#ref`, indented by level. */
export function TableOfContents({ outline }: { outline: readonly ArticleOutlineItem[] }) {
  if (outline.length === 0) return null;
  const top = Math.min(...outline.map((item) => item.level));
  return (
    <nav className={styles.toc} aria-labelledby="article-toc-title">
      <h2 id="article-toc-title" className={styles.asideTitle}>
        {t("On this page")}
      </h2>
      <ul>
        {outline.map((item) => (
          <li key={item.ref} data-depth={Math.min(item.level - top, 3)}>
            <a href={`#${encodeURIComponent(item.ref)}`}>{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
