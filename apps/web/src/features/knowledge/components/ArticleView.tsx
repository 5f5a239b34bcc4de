import { Link } from "react-router";
import type { Article } from "@parley/contracts";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";
import { t } from "../../../lib/i18n.ts";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { UserLink } from "../../../shell/user-card/UserLink.tsx";
import { articleCan } from "../knowledge.queries.ts";
import { ArticleOptionsMenu } from "./ArticleOptionsMenu.tsx";
import { HelpfulReaction } from "./HelpfulReaction.tsx";
import { TableOfContents } from "./TableOfContents.tsx";
import styles from "./knowledge.module.css";

/**
 * An article as its page shows it: the title (with the editors' Edit link and options), the author and
 * dates, the body (rendered, sanitised HTML from the API, as a discussion's), "Was this article
 * helpful?", and beside it "On this page", its headings.
 */
export function ArticleView({ article, signedIn }: { article: Article; signedIn: boolean }) {
  const canEdit = signedIn && articleCan(article, "edit");
  const canManage = signedIn && (articleCan(article, "feature") || articleCan(article, "status"));
  const author = article.insertUser;
  return (
    <div className={styles.articleLayout}>
      <article className={styles.article} aria-labelledby="article-title">
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h1 id="article-title" className={styles.title}>
              {article.name}
            </h1>
            {canEdit || canManage ? (
              <div className={styles.actions}>
                {canEdit ? (
                  <Link
                    to={knowledgePaths.editArticle(article.articleID)}
                    aria-label={t("Edit {name}", { name: article.name })}
                    {...buttonLook({ buttonType: "standard", size: "medium" })}
                  >
                    {t("Edit")}
                  </Link>
                ) : null}
                {canManage ? <ArticleOptionsMenu article={article} /> : null}
              </div>
            ) : null}
          </div>
          <p className={styles.meta}>
            {author ? (
              <span>
                {t("By")} <UserLink user={author} className={styles.authorName} />
              </span>
            ) : null}
            <span>
              {t("Published")} <DateTime date={article.dateInserted} mode="fixed" />
            </span>
            {article.dateUpdated && article.dateUpdated !== article.dateInserted ? (
              <span>
                {t("Updated")} <DateTime date={article.dateUpdated} mode="fixed" />
              </span>
            ) : null}
            {article.featured ? <span className={styles.badge}>{t("Featured")}</span> : null}
          </p>
          {article.status === "deleted" ? (
            <p className={styles.notice} role="status">
              {t("This article has been deleted: only editors see it. Restore it from the options menu.")}
            </p>
          ) : null}
        </header>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: article.body }} />
        <HelpfulReaction article={article} signedIn={signedIn} />
      </article>
      <div className={styles.articleAside}>
        <TableOfContents outline={article.outline} />
      </div>
    </div>
  );
}
