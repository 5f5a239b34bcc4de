import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { defaultDiscussionSort } from "@parley/contracts/discussion-sorts";
import { limits } from "@parley/contracts/limits";
import type { DiscussionSort } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { t } from "../../../lib/i18n.ts";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { DiscussionList } from "../components/DiscussionList.tsx";
import { discussionSortOptions, SortLinks } from "../components/SortLinks.tsx";
import { discussionListQuery } from "../discussions.queries.ts";
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

/** `/discussions`: every discussion the viewer may read, announcements first. */
export function DiscussionsPage() {
  const api = useApi();
  const [search] = useSearchParams();
  const { page, sort } = readListParams(search);
  const limit = limits.pager.defaultPageLimit;
  const { data } = useSuspenseQuery(discussionListQuery(api, { page, limit, sort }));
  return (
    <>
      <PageHead title={t("Recent Discussions")} canonical={listHref("/discussions", page, sort)} />
      <header className={styles.header}>
        <h1 className={styles.title}>{t("Recent Discussions")}</h1>
      </header>
      <p>
        <Link to="/post/discussion">{t("New Discussion")}</Link>
      </p>
      <SortLinks current={sort} href={(next) => listHref("/discussions", 1, next)} />
      <DiscussionList discussions={data.items} />
      <Pager
        page={page}
        limit={limit}
        total={data.total}
        href={(n) => listHref("/discussions", n, sort)}
        label={t("Discussions pages")}
      />
    </>
  );
}
