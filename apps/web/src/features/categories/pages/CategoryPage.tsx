import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
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
  const { code = "" } = useParams();
  const { data: category } = useSuspenseQuery(categoryQuery(api, code));
  const { data: children } = useSuspenseQuery(
    categoryListQuery(api, { parentCategoryID: category.categoryID, maxDepth: 2 }),
  );
  return (
    <>
      <PageHead
        title={category.name}
        canonical={categoryPath(category)}
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
        <p className={styles.notice}>
          {t("This category has {count} discussions. Listing them here is not built yet.", {
            count: category.countAllDiscussions,
          })}
        </p>
      </section>
    </>
  );
}
