import type { ReactNode } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { defaultDiscussionSort } from "@parley/contracts/discussion-sorts";
import type { DiscussionSort } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { PostingGate } from "../../warnings/index.ts";
import { t } from "../../../lib/i18n.ts";
import { ButtonLink } from "../../../ui/button/Button.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { DiscussionList } from "../components/DiscussionList.tsx";
import { SortSelect } from "../../../ui/sort-select/SortSelect.tsx";
import {
  discussionSortOptions,
  guestListFilters,
  listFilters,
  listHref,
  listPath,
  type ListFilter,
} from "../../../lib/list-params.ts";
import { serverRendered } from "../../../ui/kept-html.tsx";
import type { QuestionStatus } from "@parley/contracts/questions-constants";
import { discussionListQuery } from "../discussions.queries.ts";
import type { DiscussionListParams } from "../discussions.api.ts";
import listStyles from "../components/DiscussionList.module.css";
import styles from "../../../ui/page/Page.module.css";

/** The Questions filter, rendered by the server only (a plain GET form): reading pages carry none of its script. */
const QuestionFilter = serverRendered(() =>
  import("../components/QuestionFilter.tsx").then((module) => module.QuestionFilter),
);

/** The Ideas filter, likewise (the ideation add-on). */
const IdeaFilter = serverRendered(() => import("../components/IdeaFilter.tsx").then((module) => module.IdeaFilter));
/** Polls only, and a site post type only (the post types add-on): one chunk. */
const typeFilters = () => import("../components/PollFilter.tsx");
const PollFilter = serverRendered(() => typeFilters().then((module) => module.PollFilter));
const PostTypeFilter = serverRendered(() => typeFilters().then((module) => module.PostTypeFilter));

/** What a discussion list shows: a page of the discussions of a category (and its children) or of all. */
export interface DiscussionListSectionProps {
  params: Omit<DiscussionListParams, "sort"> & { sort?: DiscussionSort };
  /** `/discussions`' lists (each at its own path): whether the member ones are offered, and the one shown. */
  filters?: { member: boolean; filter?: ListFilter };
  /** The question status filter (the QnA add-on on), and the status listed (`?status=`). */
  questions?: { status?: QuestionStatus };
  /**
   * The idea status filter (the ideation add-on on), the status listed (`?statusID=`) and the statuses to choose
   * from (the built-in ones when not given).
   */
  ideas?: { statusID?: number; statuses?: Array<{ statusID: number; name: string }> };
  /** The polls filter (the polls add-on on), and whether only polls are listed (`?type=poll`). */
  polls?: { type?: "poll" };
  /** The post type filter (the post types add-on on): the site's types taken there, and the one listed. */
  postTypes?: { types: Array<{ postTypeID: string; name: string }>; postTypeID?: string };
  /** `/discussions/tagged/{urlcode}`: the tag listed. */
  tag?: { tagID: number; name: string; urlcode: string };
  /**
   * The list page's path: `/discussions` and its lists (pages as `?page=n`) or a category's (pages as `/p{n}`
   * when `pagedPath`).
   */
  basePath: string;
  pagedPath?: boolean;
  /** A section heading (h2) above the list; without it the list is the page's main content. */
  title?: string;
  /** Declares the page's head (title, canonical URL) when the list is the page. */
  pageTitle?: string;
  /** Shown under the heading (the New Discussion link). */
  actions?: ReactNode;
  /** A summary (the home page's): the first page only, without sort, filter or pager, and a link to the list. */
  summary?: boolean;
}

/** The lists' titles, as the server's layouts name them (spelt out here for the string catalogue). */
const listTitle = (filter: ListFilter) =>
  ({
    all: t("Recent Discussions"),
    bookmarked: t("Bookmarked Discussions"),
    participated: t("Participated Discussions"),
    mine: t("My Discussions"),
    unanswered: t("Unanswered Discussions"),
  })[filter];

/** What an empty member's list says, and where to go instead (the recent discussions). */
const emptyList = (filter: ListFilter, category: boolean) => {
  const recent = { href: "/discussions", label: t("Recent Discussions") };
  return (
    {
      all: category ? { sentence: t("There are no discussions here yet.") } : {},
      bookmarked: { sentence: t("You have not bookmarked any discussions yet."), action: recent },
      participated: { sentence: t("You have not taken part in any discussions yet."), action: recent },
      mine: { sentence: t("You have not started any discussions yet.") },
      unanswered: { sentence: t("Every discussion has an answer."), action: recent },
    } satisfies Record<ListFilter, { sentence?: string; action?: { href: string; label: string } }>
  )[filter];
};

/** Sort links, the list and its pager: the body of `/discussions` and of a category's Discussions section. */
export function DiscussionListSection({
  params,
  basePath,
  pagedPath = false,
  title,
  pageTitle,
  actions,
  filters,
  questions,
  ideas,
  polls,
  postTypes,
  tag,
  summary = false,
}: DiscussionListSectionProps) {
  const status = questions?.status ?? null;
  const statusID = ideas?.statusID ?? null;
  const type = polls?.type ?? null;
  const postTypeID = postTypes?.postTypeID ?? null;
  const typeFilter = { status, statusID, type, postTypeID };
  const api = useApi();
  const { categoryID, page, limit } = params;
  const sort = params.sort ?? defaultDiscussionSort;
  const filter = filters?.filter ?? "all";
  const { data } = useSuspenseQuery(discussionListQuery(api, discussionListParams(params)));
  const pagePath = (n: number) =>
    pagedPath
      ? listHref(n > 1 ? `${basePath}/p${n}` : basePath, 1, sort, typeFilter)
      : listHref(basePath, n, sort, typeFilter);
  const headTitle = tag
    ? t("Tagged: {name}", { name: tag.name })
    : filters
      ? listTitle(filter)
      : pageTitle
        ? t(pageTitle)
        : null;
  const list = (
    <DiscussionList
      discussions={data.items}
      // Under a section's heading (h2) the discussions' titles are h3; a list that is the page's, h2.
      headingLevel={title ? 3 : 2}
      empty={emptyList(filter, categoryID !== undefined || params.groupID !== undefined)}
      {...(categoryID !== undefined
        ? { showCategory: data.items.some((item) => item.categoryID !== categoryID) }
        : // A group's discussions are all in its own category.
          params.groupID !== undefined
          ? { showCategory: false }
          : {})}
    />
  );
  const body = summary ? (
    <>
      {list}
      <p className={listStyles.more}>
        <Link to={basePath}>{t("All Discussions")}</Link>
      </p>
    </>
  ) : (
    <>
      {/* The member lists (bookmarked, mine…) are the viewer's own, and unanswered a filter: none is indexed. */}
      {headTitle ? <PageHead title={headTitle} canonical={pagePath(page)} noindex={filter !== "all"} /> : null}
      {/* One row: how the list is sorted and filtered, and the page's primary action at its end. */}
      <div className={listStyles.toolbar}>
        <SortSelect
          options={discussionSortOptions}
          current={sort}
          href={(next) => listHref(basePath, 1, next, typeFilter)}
          action={basePath}
          hidden={{ status, statusID, type, postTypeID }}
        />
        {filters ? (
          // Each list is a page of its own; without JavaScript the form asks `/discussions?filter=`, which moves there.
          <SortSelect
            options={filters.member ? listFilters : listFilters.filter((o) => guestListFilters.includes(o.sort))}
            current={filter}
            href={(next) => listHref(listPath(next), 1, sort)}
            action="/discussions"
            name="filter"
            label={t("Filter")}
            hidden={{ sort }}
          />
        ) : null}
        {/* Questions by status (the QnA add-on): `?status=` on the same list. */}
        {questions ? <QuestionFilter basePath={basePath} sort={sort} status={status} /> : null}
        {/* Ideas by status (the ideation add-on): `?statusID=` on the same list. */}
        {ideas ? <IdeaFilter basePath={basePath} sort={sort} statusID={statusID} statuses={ideas.statuses} /> : null}
        {/* Polls only (the polls add-on): `?type=poll` on the same list. */}
        {polls ? <PollFilter basePath={basePath} sort={sort} type={type} /> : null}
        {/* A site post type (the post types add-on): `?postTypeID=` on the same list. */}
        {postTypes ? (
          <PostTypeFilter basePath={basePath} sort={sort} types={postTypes.types} postTypeID={postTypeID} />
        ) : null}
        {actions ? <div className={listStyles.toolbarActions}>{actions}</div> : null}
      </div>
      {tag ? (
        <p>
          <Link to={listHref("/discussions", 1, sort)} className={listStyles.tag}>
            {t("Tagged: {name}", { name: tag.name })} <span aria-hidden="true">✕</span>
          </Link>
        </p>
      ) : null}
      {list}
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
  sort,
  ...params
}: DiscussionListSectionProps["params"]): DiscussionListParams => ({
  ...params,
  sort: sort ?? defaultDiscussionSort,
});

/**
 * The "New Discussion" link (the page's primary action, so it looks like the primary button), into a category when given; a member made read-only by warnings doesn't see it (the
 * page it led to says why they can't post).
 */
export function NewDiscussionLink({ categoryID }: { categoryID?: number | null }) {
  return (
    <PostingGate quiet>
      <p>
        <ButtonLink buttonType="primary" to={categoryID ? `/post/discussion/${categoryID}` : "/post/discussion"}>
          {t("New Discussion")}
        </ButtonLink>
      </p>
    </PostingGate>
  );
}
