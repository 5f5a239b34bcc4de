import { Link } from "react-router";
import type { CategoryTreeItem } from "@parley/contracts";
import { currentLocale, t } from "../../../lib/i18n.ts";
import { formatCount } from "../../../lib/numbers.ts";
import { categoryPath } from "../categories.urls.ts";
import { FollowCategoryButton } from "./FollowCategoryButton.tsx";
import styles from "./CategoryList.module.css";

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className={styles.count}>
      <dt>{label}</dt>
      <dd title={value.toLocaleString(currentLocale())}>{formatCount(value)}</dd>
    </div>
  );
}

/** A list of categories with their description, subcategories, counts and (for members) Follow toggles. */
export function CategoryList({
  categories,
  headingLevel = 2,
}: {
  categories: CategoryTreeItem[];
  headingLevel?: 2 | 3;
}) {
  if (categories.length === 0) return <p className={styles.empty}>{t("No categories were found.")}</p>;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={styles.list}>
      {categories.map((category) => (
        <li key={category.categoryID} className={styles.item}>
          <div className={styles.main}>
            <Heading className={styles.name}>
              {category.iconUrl && <img src={category.iconUrl} alt="" />}
              <Link to={categoryPath(category)}>{category.name}</Link>
            </Heading>
            {category.description ? <p className={styles.description}>{category.description}</p> : null}
            {category.children && category.children.length > 0 ? (
              <ul className={styles.children} aria-label={t("Subcategories of {name}", { name: category.name })}>
                {category.children.map((child) => (
                  <li key={child.categoryID}>
                    <Link to={categoryPath(child)}>{child.name}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className={styles.side}>
            <dl className={styles.counts}>
              <Count label={t("Discussions")} value={category.countAllDiscussions} />
              <Count label={t("Comments")} value={category.countAllComments} />
            </dl>
            <FollowCategoryButton category={category} size="compact" />
          </div>
        </li>
      ))}
    </ul>
  );
}
