import { useSuspenseQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { useSite } from "../../../lib/site.ts";
import { CategoryList } from "../components/CategoryList.tsx";
import { categoryListQuery } from "../categories.queries.ts";
import type { CategoryListParams } from "../categories.api.ts";
import styles from "../../../ui/page/Page.module.css";

/** Parameters of the top-level category list (the tree, two levels deep). */
const rootCategoryListParams = { maxDepth: 2 } as const;

/** `/categories` (and, until the discussion list lands, the home page `/`). */
export function CategoriesPage({
  home = false,
  params = rootCategoryListParams,
}: {
  home?: boolean;
  params?: CategoryListParams;
}) {
  const api = useApi();
  const site = useSite();
  const { data: categories } = useSuspenseQuery(categoryListQuery(api, params));
  const title = home ? site.title : t("Categories");
  return (
    <>
      <PageHead {...(home ? {} : { title })} canonical={home ? "/" : "/categories"} />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {home ? <p className={styles.description}>{site.description}</p> : null}
      </header>
      <CategoryList categories={categories} />
    </>
  );
}
