import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { Link, useParams } from "react-router";
import type { KnowledgeBase } from "@parley/contracts";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { meQuery } from "../../users/index.ts";
import { ArticleList } from "../components/ArticleList.tsx";
import { ArticleView } from "../components/ArticleView.tsx";
import { GuideNavigation } from "../components/GuideNavigation.tsx";
import { KnowledgeBreadcrumbs } from "../components/KnowledgeBreadcrumbs.tsx";
import {
  articleQuery,
  articlesQuery,
  featuredLimit,
  knowledgeBasesQuery,
  navigationQuery,
} from "../knowledge.queries.ts";
import { buildNavigationTree, findNode, guideArticleID, type NavigationNode } from "../knowledge.tree.ts";
import { localPath } from "../knowledge.urls.ts";
import styles from "../components/knowledge.module.css";

/** Articles listed under each category of a help centre's home; "View all" leads to the rest. */
const articlesPerSection = 5;

/** `/kb/{urlCode}`: a help centre's categories and articles, or a guide's navigation beside its first article. */
export function KnowledgeBasePage() {
  const api = useApi();
  const urlCode = useParams()["urlCode"] ?? "";
  const { data: bases } = useSuspenseQuery(knowledgeBasesQuery(api));
  const base = bases.find((candidate) => candidate.urlCode === urlCode)!;
  const { data: navigation } = useSuspenseQuery(navigationQuery(api, base.knowledgeBaseID));
  const tree = buildNavigationTree(navigation, base.rootCategoryID);
  const head = (
    <PageHead
      title={base.name}
      canonical={knowledgePaths.base(base.urlCode)}
      {...(base.description ? { description: base.description } : {})}
    />
  );
  return (
    <>
      {head}
      {base.viewType === "guide" ? <GuideHome base={base} tree={tree} /> : <HelpCenterHome base={base} tree={tree} />}
    </>
  );
}

function HelpCenterHome({ base, tree }: { base: KnowledgeBase; tree: NavigationNode[] }) {
  const api = useApi();
  const { data: featured } = useSuspenseQuery(
    articlesQuery(api, { knowledgeBaseID: base.knowledgeBaseID, featured: true, limit: featuredLimit }),
  );
  const categories = tree.filter((node) => node.recordType === "knowledgeCategory");
  const looseArticles = tree.filter((node) => node.recordType === "article");
  return (
    <section aria-labelledby="kb-base-title">
      <KnowledgeBreadcrumbs crumbs={[{ name: t("Knowledge Base"), url: knowledgePaths.home }]} current={base.name} />
      <header className={styles.header}>
        <h1 id="kb-base-title" className={styles.pageTitle}>
          {base.name}
        </h1>
        {base.description ? <p className={styles.description}>{base.description}</p> : null}
      </header>
      {featured.items.length > 0 ? (
        <section className={styles.section} aria-labelledby="kb-featured-title">
          <h2 id="kb-featured-title" className={styles.sectionTitle}>
            {t("Featured Articles")}
          </h2>
          <ArticleList articles={featured.items} headingLevel={3} />
        </section>
      ) : null}
      {categories.length === 0 && looseArticles.length === 0 ? (
        <p className={styles.notice}>{t("This knowledge base has no articles yet.")}</p>
      ) : (
        <ul className={styles.sections}>
          {categories.map((category) => (
            <HelpCenterSection key={category.recordID} category={category} />
          ))}
          {looseArticles.length > 0 ? (
            <li className={styles.sectionCard}>
              <h2 className={styles.sectionCardTitle}>{t("Other Articles")}</h2>
              <NodeLinks nodes={looseArticles} />
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

function NodeLinks({ nodes }: { nodes: readonly NavigationNode[] }) {
  return (
    <ul className={styles.sectionLinks}>
      {nodes.map((node) => (
        <li key={`${node.recordType}-${node.recordID}`}>
          <Link to={node.path}>{node.name}</Link>
        </li>
      ))}
    </ul>
  );
}

/** One category of a help centre's home: its name, its first articles and its subcategories, and "View all". */
function HelpCenterSection({ category }: { category: NavigationNode }) {
  const articles = category.children.filter((node) => node.recordType === "article");
  const subcategories = category.children.filter((node) => node.recordType === "knowledgeCategory");
  return (
    <li className={styles.sectionCard}>
      <h2 className={styles.sectionCardTitle}>
        <Link to={category.path}>{category.name}</Link>
      </h2>
      {articles.length === 0 && subcategories.length === 0 ? (
        <p className={styles.muted}>{t("No articles yet.")}</p>
      ) : (
        <NodeLinks nodes={[...articles.slice(0, articlesPerSection), ...subcategories]} />
      )}
      <Link
        to={category.path}
        className={styles.viewAll}
        aria-label={t("View all articles in {name}", { name: category.name })}
      >
        {t("View all")}
      </Link>
    </li>
  );
}

/** A guide's home: its navigation beside its first (default) article. */
function GuideHome({ base, tree }: { base: KnowledgeBase; tree: NavigationNode[] }) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const articleID = guideArticleID(base.defaultArticleID, tree);
  return (
    <>
      <KnowledgeBreadcrumbs crumbs={[{ name: t("Knowledge Base"), url: knowledgePaths.home }]} current={base.name} />
      <div className={styles.guideLayout}>
        <GuideNavigation
          title={base.name}
          tree={tree}
          currentPath={articleID === null ? "" : (findNode(tree, "article", articleID)?.path ?? "")}
        />
        <div className={styles.guideMain}>
          {articleID === null ? (
            <>
              <h1 className={styles.pageTitle}>{base.name}</h1>
              <p className={styles.notice}>{t("This guide has no articles yet.")}</p>
            </>
          ) : (
            <GuideArticle articleID={articleID} signedIn={Boolean(me && me.userID !== 0)} />
          )}
        </div>
      </div>
    </>
  );
}

function GuideArticle({ articleID, signedIn }: { articleID: number; signedIn: boolean }) {
  const api = useApi();
  const { data: article } = useSuspenseQuery(articleQuery(api, articleID));
  return <ArticleView article={article} signedIn={signedIn} key={localPath(article.url)} />;
}
