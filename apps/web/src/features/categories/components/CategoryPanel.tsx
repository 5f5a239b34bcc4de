import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import panel from "../../../ui/panel/Panel.module.css";
import { categoryPath } from "../categories.urls.ts";
import type { CategoryListParams } from "../categories.api.ts";
import { categoryListQuery } from "../categories.queries.ts";
import styles from "./CategoryPanel.module.css";

/** A panel's "Categories": each category's icon (if it has one), name and discussions' count, then all of them. */
export function CategoryPanel({ params }: { params: CategoryListParams }) {
  const { data: categories } = useSuspenseQuery(categoryListQuery(useApi(), params));
  if (categories.length === 0) return null;
  return (
    <section className={panel.box} aria-labelledby="panel-categories">
      <h2 id="panel-categories" className={panel.heading}>
        {t("Categories")}
      </h2>
      <ul className={panel.list}>
        {categories.map((category) => (
          <li key={category.categoryID}>
            <Link to={categoryPath(category)} className={styles.category}>
              {category.iconUrl ? <img src={category.iconUrl} alt="" width={20} height={20} /> : null}
              <span className={styles.name}>{category.name}</span>
              <span className={styles.count} title={t("Discussions")}>
                {formatCount(category.countAllDiscussions)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={panel.more}>
        <Link to="/categories">{t("All Categories")}</Link>
      </p>
    </section>
  );
}
