import { Link } from "react-router";
import type { Article } from "@parley/contracts";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { localPath } from "../knowledge.urls.ts";
import styles from "./knowledge.module.css";

/** Articles as a list: each name links to it, with its excerpt, its author and when it last changed. */
export function ArticleList({ articles, headingLevel = 2 }: { articles: readonly Article[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={styles.articleList}>
      {articles.map((article) => (
        <li key={article.articleID} className={styles.articleItem}>
          <Heading className={styles.articleItemTitle}>
            <Link to={localPath(article.url)}>{article.name}</Link>
          </Heading>
          {article.excerpt ? <p className={styles.excerpt}>{article.excerpt}</p> : null}
          <p className={styles.meta}>
            {article.featured ? <span className={styles.badge}>{t("Featured")}</span> : null}
            {article.insertUser ? <span>{article.insertUser.name}</span> : null}
            <span>
              {t("Updated")} <DateTime date={article.dateUpdated ?? article.dateInserted} mode="fixed" />
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
