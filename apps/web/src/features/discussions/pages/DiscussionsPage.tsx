import type { ReactNode } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { defaultDiscussionSort } from "@parley/contracts/discussion-sorts";
import { limits } from "@parley/contracts/limits";
import type { DiscussionSort } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { DiscussionList } from "../components/DiscussionList.tsx";
import { SortSelect } from "../components/SortSelect.tsx";
import { discussionSortOptions } from "../discussions.sorts.ts";
import { discussionListQuery } from "../discussions.queries.ts";
import type { DiscussionListParams } from "../discussions.api.ts";
import styles from "../../categories/pages/CategoriesPage.module.css";

/** `?page=` and `?sort=` of a list page; the sort is omitted from URLs when it is the default. */
export function readListParams(search: URLSearchParams): { page: number; sort: DiscussionSort } {
  const page = Math.max(1, Math.min(limits.api.maxPage, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  const requested = search.get("sort");
  const sort = discussionSortOptions.some((option) => option.sort === requested)
    ? (requested as DiscussionSort)
    : defaultDiscussionSort;
  return { page, sort };
}

export const listHref = (path: string, page: number, sort: DiscussionSort) => {
  const params = new URLSearchParams();
  if (sort !== defaultDiscussionSort) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** What a discussion list shows: a page of the discussions of a category (and its children) or of all. */
export interface DiscussionListSectionProps {
  params: { categoryID?: number; page: number; limit: number; sort?: DiscussionSort };
  /** The list page's path: `/discussions` (pages as `?page=n`) or a category's (pages as `/p{n}` when `pagedPath`). */
  basePath: string;
  pagedPath?: boolean;
  /** A section heading (h2) above the list; without it the list is the page's main content. */
  title?: string;
  /** Declares the page's head (title, canonical URL) when the list is the page. */
  pageTitle?: string;
  /** Shown under the heading (the New Discussion link). */
  actions?: ReactNode;
}

/** Sort links, the list and its pager: the body of `/discussions` and of a category's Discussions section. */
export function DiscussionListSection({
  params,
  basePath,
  pagedPath = false,
  title,
  pageTitle,
  actions,
}: DiscussionListSectionProps) {
  const api = useApi();
  const { categoryID, page, limit } = params;
  const sort = params.sort ?? defaultDiscussionSort;
  const { data } = useSuspenseQuery(discussionListQuery(api, discussionListParams(params)));
  const pagePath = (n: number) =>
    pagedPath ? listHref(n > 1 ? `${basePath}/p${n}` : basePath, 1, sort) : listHref(basePath, n, sort);
  const body = (
    <>
      {pageTitle ? <PageHead title={t(pageTitle)} canonical={pagePath(page)} /> : null}
      {actions}
      <SortSelect
        options={discussionSortOptions}
        current={sort}
        href={(next) => listHref(basePath, 1, next)}
        action={basePath}
      />
      <DiscussionList
        discussions={data.items}
        {...(categoryID !== undefined
          ? { showCategory: data.items.some((item) => item.categoryID !== categoryID) }
          : {})}
      />
      <Pager page={page} limit={limit} total={data.total} href={pagePath} label={t("Discussions pages")} />
    </>
  );
  if (!title) return body;
  return (
    <section className={styles.section} aria-labelledby="discussions-title">
      <h2 id="discussions-title" className={styles.sectionTitle}>
        {t(title)}
      </h2>
      {body}
    </section>
  );
}

/** The list query's parameters as every list page asks them (the sort always named). */
export const discussionListParams = ({
  categoryID,
  page,
  limit,
  sort,
}: DiscussionListSectionProps["params"]): DiscussionListParams => ({
  ...(categoryID !== undefined ? { categoryID } : {}),
  page,
  limit,
  sort: sort ?? defaultDiscussionSort,
});

/** The "New Discussion" link, into a category when given. */
export function NewDiscussionLink({ categoryID }: { categoryID?: number | null }) {
  return (
    <p>
      <Link to={categoryID ? `/post/discussion/${categoryID}` : "/post/discussion"}>{t("New Discussion")}</Link>
    </p>
  );
}
