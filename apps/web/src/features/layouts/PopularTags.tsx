import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { WidgetProps } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { currentLocale, t } from "../../lib/i18n.ts";
import { tagListPath } from "../../lib/list-params.ts";
import panel from "../../ui/panel/Panel.module.css";
import { popularTagsQuery } from "./layouts.popular.ts";
import styles from "./PopularTags.module.css";

/** A panel's "Popular Tags": the most used tags as chips, each leading to its list, then all of them. */
export function PopularTags({ limit, siteSectionID }: WidgetProps<"react.popularTags">) {
  const { data: tags } = useSuspenseQuery(popularTagsQuery(useApi(), limit, siteSectionID));
  const used = tags.filter((tag) => tag.countDiscussions > 0);
  if (used.length === 0) return null;
  return (
    <section className={panel.box} aria-labelledby="panel-tags">
      <h2 id="panel-tags" className={panel.heading}>
        {t("Popular Tags")}
      </h2>
      <ul className={styles.tags}>
        {used.map((tag) => (
          <li key={tag.tagID}>
            <Link to={tagListPath(tag.urlcode)} className={styles.tag}>
              {tag.name} <span className={styles.count}>{tag.countDiscussions.toLocaleString(currentLocale())}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={panel.more}>
        <Link to="/tags">{t("All Tags")}</Link>
      </p>
    </section>
  );
}
