import { useSuspenseQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { CategoryList } from "../components/CategoryList.tsx";
import { categoryListQuery } from "../categories.queries.ts";
import type { CategoryListParams } from "../categories.api.ts";
import styles from "../../../ui/page/Page.module.css";

/** Parameters of the top-level category list (the tree, two levels deep). */
const rootCategoryListParams = { maxDepth: 2 } as const;

/** `/categories`, and the home page's categories (a section under the banner, which has the page's title). */
export function CategoriesPage({
  home = false,
  params = rootCategoryListParams,
}: {
  home?: boolean;
  params?: CategoryListParams;
}) {
  const api = useApi();
  const { data: categories } = useSuspenseQuery(categoryListQuery(api, params));
  const title = t("Categories");
  // On the home page a section (h2, the categories h3) under the banner's title; on `/categories` the page's title.
  const Heading = home ? "h2" : "h1";
  return (
    <section aria-labelledby="categories-title" className={home ? styles.section : undefined}>
      <PageHead {...(home ? {} : { title })} canonical={home ? "/" : "/categories"} />
      <Heading id="categories-title" className={home ? styles.sectionTitle : styles.pageTitle}>
        {title}
      </Heading>
      <CategoryList categories={categories} headingLevel={home ? 3 : 2} />
    </section>
  );
}
