import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useParams } from "react-router";
import type { Article, KnowledgeBase } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { meQuery } from "../../users/index.ts";
import { ArticleView } from "../components/ArticleView.tsx";
import { GuideNavigation } from "../components/GuideNavigation.tsx";
import { KnowledgeBreadcrumbs } from "../components/KnowledgeBreadcrumbs.tsx";
import { articleQuery, knowledgeBasesQuery, navigationQuery } from "../knowledge.queries.ts";
import { buildNavigationTree } from "../knowledge.tree.ts";
import { knowledgeCrumbs, localPath, readIDSlug } from "../knowledge.urls.ts";
import styles from "../components/knowledge.module.css";

/** schema.org `Article` for search engines: headline, author, dates, the page it is on. */
function articleStructuredData(article: Article) {
  const description = article.seoDescription || article.excerpt;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    "@id": article.url,
    url: article.url,
    mainEntityOfPage: article.url,
    headline: article.name,
    ...(description ? { description } : {}),
    author: {
      "@type": "Person",
      name: article.insertUser?.name ?? "Unknown User",
      ...(article.insertUser?.url ? { url: article.insertUser.url } : {}),
    },
    datePublished: article.dateInserted,
    dateModified: article.dateUpdated ?? article.dateInserted,
    inLanguage: article.locale,
  };
}

/** A guide's navigation beside one of its articles. */
function GuideArticleNavigation({ base, currentPath }: { base: KnowledgeBase; currentPath: string }) {
  const api = useApi();
  const { data: navigation } = useSuspenseQuery(navigationQuery(api, base.knowledgeBaseID));
  return (
    <GuideNavigation
      title={base.name}
      tree={buildNavigationTree(navigation, base.rootCategoryID)}
      currentPath={currentPath}
    />
  );
}

/** `/kb/articles/{id}-{slug}`: an article, its breadcrumbs and its head (canonical URL, schema.org data). */
export function ArticlePage() {
  const api = useApi();
  const id = readIDSlug(useParams()["article"])!.id;
  const { data: article } = useSuspenseQuery(articleQuery(api, id));
  const { data: bases } = useSuspenseQuery(knowledgeBasesQuery(api));
  const { data: me } = useQuery(meQuery(api));
  const base = bases.find((candidate) => candidate.knowledgeBaseID === article.knowledgeBaseID) ?? null;
  const path = localPath(article.url);
  const description = article.seoDescription || article.excerpt;
  return (
    <>
      <PageHead
        title={article.seoName || article.name}
        canonical={path}
        {...(description ? { description } : {})}
        type="article"
        // The head is the server's: the browser's build drops what only it reads (the structured data, the image).
        {...(import.meta.env.SSR ? { imageFrom: article.body, jsonLd: [articleStructuredData(article)] } : {})}
        {...(article.status === "deleted" ? { noindex: true } : {})}
      />
      <KnowledgeBreadcrumbs
        crumbs={knowledgeCrumbs(article.breadcrumbs, base, path, t("Knowledge Base"))}
        current={article.name}
      />
      {base?.viewType === "guide" ? (
        <div className={styles.guideLayout}>
          <GuideArticleNavigation base={base} currentPath={path} />
          <div className={styles.guideMain}>
            <ArticleView article={article} signedIn={Boolean(me && me.userID !== 0)} />
          </div>
        </div>
      ) : (
        <ArticleView article={article} signedIn={Boolean(me && me.userID !== 0)} />
      )}
    </>
  );
}
