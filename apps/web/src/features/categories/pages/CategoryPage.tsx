import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { limits } from "@parley/contracts/limits";
import { parsePageSegment } from "../../../lib/route-errors.ts";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { DiscussionList } from "../../discussions/components/DiscussionList.tsx";
import { SortLinks } from "../../discussions/components/SortLinks.tsx";
import { discussionListQuery } from "../../discussions/discussions.queries.ts";
import { listHref, readListParams } from "../../discussions/pages/DiscussionsPage.tsx";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { CategoryList } from "../components/CategoryList.tsx";
import { categoryListQuery, categoryQuery } from "../categories.queries.ts";
import { categoryPath } from "../categories.urls.ts";
import styles from "./CategoriesPage.module.css";

/** `/categories/{urlcode}`: the category, its subcategories. */
export function CategoryPage() {
  const api = useApi();
  const { code = "", pageSegment } = useParams();
  const { data: category } = useSuspenseQuery(categoryQuery(api, code));
  const { data: children } = useSuspenseQuery(
    categoryListQuery(api, { parentCategoryID: category.categoryID, maxDepth: 2 }),
  );
  const [search] = useSearchParams();
  const { sort } = readListParams(search);
  const page = parsePageSegment(pageSegment) ?? 1;
  const limit = limits.pager.defaultPageLimit;
  const { data: list } = useSuspenseQuery(
    discussionListQuery(api, { categoryID: category.categoryID, page, limit, sort }),
  );
  const path = categoryPath(category);
  const pagePath = (n: number) => (n > 1 ? `${path}/p${n}` : path);
  return (
    <>
      <PageHead
        title={category.name}
        canonical={listHref(page > 1 ? `${categoryPath(category)}/p${page}` : categoryPath(category), 1, sort)}
        {...(category.description ? { description: category.description } : {})}
      />
      <nav className={styles.breadcrumbs} aria-label={t("Breadcrumb")}>
        <ol>
          <li>
            <Link to="/">{t("Home")}</Link>
          </li>
          <li>
            <Link to="/categories">{t("Categories")}</Link>
          </li>
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <header className={styles.header}>
        <h1 className={styles.title}>{category.name}</h1>
        {category.description ? <p className={styles.description}>{category.description}</p> : null}
      </header>
      {children.length > 0 ? (
        <section className={styles.section} aria-labelledby="subcategories-title">
          <h2 id="subcategories-title" className={styles.sectionTitle}>
            {t("Subcategories")}
          </h2>
          <CategoryList categories={children} headingLevel={3} />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="discussions-title">
        <h2 id="discussions-title" className={styles.sectionTitle}>
          {t("Discussions")}
        </h2>
        {category.displayAs === "discussions" || category.displayAs === "flat" ? (
          <p>
            <Link to={`/post/discussion/${category.categoryID}`}>{t("New Discussion")}</Link>
          </p>
        ) : null}
        <SortLinks current={sort} href={(next) => listHref(path, 1, next)} />
        <DiscussionList
          discussions={list.items}
          showCategory={list.items.some((item) => item.categoryID !== category.categoryID)}
        />
        <Pager
          page={page}
          limit={limit}
          total={list.total}
          href={(n) => listHref(pagePath(n), 1, sort)}
          label={t("Discussions pages")}
        />
      </section>
    </>
  );
}
