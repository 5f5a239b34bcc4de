import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { currentLocale, t } from "../../../lib/i18n.ts";
import { tagListPath } from "../../../lib/list-params.ts";
import { pageParam } from "../../../lib/route-errors.ts";
import { useSiteSection } from "../../../lib/site-section.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import pageStyles from "../../../ui/page/Page.module.css";
import { tagIndexLimit, tagIndexQuery } from "../tags.queries.ts";
import styles from "./TagIndexPage.module.css";

const tagsHref = (page: number) => (page > 1 ? `/tags?page=${page}` : "/tags");

/** `/tags`: the tags (a subcommunity's: those of its discussions), most used first, each with its discussions' count and leading to its list. */
export function TagIndexPage() {
  const api = useApi();
  const [search] = useSearchParams();
  const page = pageParam(search) ?? 1;
  const { data } = useSuspenseQuery(tagIndexQuery(api, page, useSiteSection()?.siteSectionID));
  const total = data.paging?.total ?? data.items.length;
  return (
    <>
      <PageHead title={t("Tags")} canonical={tagsHref(page)} />
      <header className={pageStyles.header}>
        <h1 className={pageStyles.title}>{t("Tags")}</h1>
      </header>
      {data.items.length === 0 ? (
        <p className={pageStyles.notice}>{t("No discussions have been tagged yet.")}</p>
      ) : (
        <ul className={styles.tags}>
          {data.items.map((tag) => (
            <li key={tag.tagID}>
              <Link to={tagListPath(tag.urlcode)} className={styles.tag}>
                <span className={styles.name}>{tag.name}</span>
                <span className={styles.count}>
                  {tag.countDiscussions === 1
                    ? t("1 discussion")
                    : t("{count} discussions", { count: tag.countDiscussions.toLocaleString(currentLocale()) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} limit={tagIndexLimit} total={total} href={tagsHref} label={t("Tags pages")} />
    </>
  );
}
