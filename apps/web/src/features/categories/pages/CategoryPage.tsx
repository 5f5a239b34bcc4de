import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { listHref, readListParams } from "../../../lib/list-params.ts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { CategoryList } from "../components/CategoryList.tsx";
import { FollowCategoryButton } from "../components/FollowCategoryButton.tsx";
import { TranslateCategoryButton } from "../../translations/index.ts";
import { categoryKeys, categoryListQuery, categoryQuery } from "../categories.queries.ts";
import { categoryPath } from "../categories.urls.ts";
import styles from "../../../ui/page/Page.module.css";
import { Breadcrumbs } from "../../../ui/breadcrumbs/Breadcrumbs.tsx";

/*
 * The parts of `/categories/{urlcode}[/p{n}]`: breadcrumbs, the category's header (and the page's
 * head), its subcategories. The page itself is a layout (features/layouts) holding them and the
 * category's discussion list.
 */

/** Home › Categories › the category. */
export function CategoryBreadcrumbs({ code }: { code: string }) {
  const api = useApi();
  const { data: category } = useSuspenseQuery(categoryQuery(api, code));
  return (
    <Breadcrumbs
      crumbs={[
        { name: t("Home"), url: "/" },
        { name: t("Categories"), url: "/categories" },
      ]}
      current={category.name}
    />
  );
}

/** The category's name, its Follow toggle and description, and the page's head (canonical: this page, the sort kept). */
export function CategoryHeader({ code, page }: { code: string; page: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: category } = useSuspenseQuery(categoryQuery(api, code));
  const [search] = useSearchParams();
  const { sort } = readListParams(search);
  const path = categoryPath(category);
  return (
    <>
      <PageHead
        title={category.name}
        canonical={listHref(page > 1 ? `${path}/p${page}` : path, 1, sort)}
        {...(category.description ? { description: category.description } : {})}
      />
      <header className={styles.header}>
        {category.bannerUrl && <img src={category.bannerUrl} alt="" />}
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{category.name}</h1>
          <div className={styles.actions}>
            <TranslateCategoryButton
              category={category}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: categoryKeys.all })}
            />
            <FollowCategoryButton category={category} />
          </div>
        </div>
        {category.description ? <p className={styles.description}>{category.description}</p> : null}
      </header>
    </>
  );
}

/** The categories under one, when it has any. */
export function Subcategories({ parentCategoryID }: { parentCategoryID: number }) {
  const api = useApi();
  const { data: children } = useSuspenseQuery(categoryListQuery(api, { parentCategoryID, maxDepth: 2 }));
  if (children.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="subcategories-title">
      <h2 id="subcategories-title" className={styles.sectionTitle}>
        {t("Subcategories")}
      </h2>
      <CategoryList categories={children} headingLevel={3} />
    </section>
  );
}
