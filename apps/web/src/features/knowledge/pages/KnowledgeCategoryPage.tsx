import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Link, useParams } from "react-router";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { parsePageSegment } from "../../../lib/route-errors.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { meQuery } from "../../users/index.ts";
import { ArticleList } from "../components/ArticleList.tsx";
import { KnowledgeBreadcrumbs } from "../components/KnowledgeBreadcrumbs.tsx";
import {
  articlesQuery,
  canWriteArticles,
  categoryArticlesLimit,
  knowledgeBasesQuery,
  knowledgeCategoriesQuery,
  knowledgeCategoryQuery,
} from "../knowledge.queries.ts";
import { categoryPagePath, knowledgeCrumbs, localPath, readIDSlug } from "../knowledge.urls.ts";
import styles from "../components/knowledge.module.css";

/** `/kb/categories/{id}-{slug}[/p{n}]`: a knowledge category's articles, paged, and its subcategories. */
export function KnowledgeCategoryPage() {
  const api = useApi();
  const params = useParams();
  const id = readIDSlug(params["category"])!.id;
  const page = parsePageSegment(params["pageSegment"]) ?? 1;
  const { data: category } = useSuspenseQuery(knowledgeCategoryQuery(api, id));
  const { data: articles } = useSuspenseQuery(
    articlesQuery(api, { knowledgeCategoryID: id, page, limit: categoryArticlesLimit }),
  );
  const { data: children } = useSuspenseQuery(knowledgeCategoriesQuery(api, { parentID: id }));
  const { data: bases } = useSuspenseQuery(knowledgeBasesQuery(api));
  const base = bases.find((candidate) => candidate.knowledgeBaseID === category.knowledgeBaseID) ?? null;
  const path = localPath(category.url);
  const total = articles.total ?? category.countArticles;
  return (
    <section aria-labelledby="kb-category-title">
      <PageHead title={category.name} canonical={categoryPagePath(path, page)} />
      <KnowledgeBreadcrumbs
        crumbs={knowledgeCrumbs(category.breadcrumbs, base, path, t("Knowledge Base"))}
        current={category.name}
      />
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 id="kb-category-title" className={styles.pageTitle}>
            {category.name}
          </h1>
          <NewArticleLink knowledgeCategoryID={id} />
        </div>
        <p className={styles.description}>{total === 1 ? t("1 article") : t("{count} articles", { count: total })}</p>
      </header>
      {children.length > 0 ? (
        <section className={styles.section} aria-labelledby="kb-subcategories-title">
          <h2 id="kb-subcategories-title" className={styles.sectionTitle}>
            {t("Subcategories")}
          </h2>
          <ul className={styles.chips}>
            {children.map((child) => (
              <li key={child.knowledgeCategoryID}>
                <Link to={localPath(child.url)}>{child.name}</Link>{" "}
                <span className={styles.muted}>({child.countArticlesRecursive})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="kb-articles-title">
        <h2 id="kb-articles-title" className={styles.sectionTitle}>
          {t("Articles")}
        </h2>
        {articles.items.length === 0 ? (
          <p className={styles.notice}>{t("There are no articles in this category yet.")}</p>
        ) : (
          <ArticleList articles={articles.items} headingLevel={3} />
        )}
        <Pager
          page={page}
          limit={categoryArticlesLimit}
          total={total}
          href={(n) => categoryPagePath(path, n)}
          label={t("Article pages")}
        />
      </section>
    </section>
  );
}

/** "New Article" in this category, for those who may write articles. */
function NewArticleLink({ knowledgeCategoryID }: { knowledgeCategoryID: number }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  if (!me || !canWriteArticles(me)) return null;
  return (
    <ButtonLink to={knowledgePaths.newArticle(knowledgeCategoryID)} buttonType="primary">
      {t("New Article")}
    </ButtonLink>
  );
}
