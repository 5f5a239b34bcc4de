import { useEffect, useId } from "react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { SearchResult } from "@parley/contracts";
import { enabledSearchDomains, type SearchDomain } from "@parley/contracts/search-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import {
  hasSearchInput,
  readSearchPage,
  countedOf,
  resultCount,
  searchApiParams,
  searchPageHref,
  searchPageLimit,
  type SearchPageState,
} from "../search.params.ts";
import { searchCategoryTree, searchResultsQuery, searchSettingsQuery } from "../search.queries.ts";
import { categoryListQuery } from "../../categories/index.ts";
import { meQuery } from "../../users/index.ts";
import { IgnoredDisclosure, useIgnoredAuthor } from "../../ignore/index.ts";
import type { CategoryTreeItem } from "@parley/contracts";
import styles from "./SearchPage.module.css";

/** Each domain's tab (translated where shown; `t` with the literal, so `npm run i18n:extract` finds them). */
const domainLabel = (domain: SearchDomain): string =>
  ({
    all_content: t("All Content"),
    discussions: t("Discussions"),
    user: t("Members"),
    category: t("Categories"),
    knowledgeBase: t("Articles"),
    group: t("Groups"),
  })[domain];

/** The post types this forum has (questions and ideas join when those features exist). */
const typeOptions = [
  { value: "discussion", label: msg("Discussions") },
  { value: "comment", label: msg("Comments") },
];

const sortOptions = [
  { value: "relevance", label: msg("Best Match") },
  { value: "-dateInserted", label: msg("Newest") },
  { value: "dateInserted", label: msg("Oldest") },
];

/** `/search` (spec §2): the search box, domain tabs, filters, sort, results and pager; a plain GET form. */
export function SearchPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const { data: settings } = useSuspenseQuery(searchSettingsQuery(api));
  const state = readSearchPage(params, settings.newSearchPage);
  const dropped = state.dropped.join(",");
  useEffect(() => {
    // Spec §2: parameters that belong to another domain are dropped with a warning.
    if (dropped) console.warn(`Search: ${dropped} dropped (not valid for the ${state.domain} domain).`);
  }, [dropped, state.domain]);
  const postFilters = state.domain === "all_content" || state.domain === "discussions";

  return (
    <>
      <PageHead title={state.query ? t("Search results for '{query}'", { query: state.query }) : t("Search")} noindex />
      <h1 className={styles.heading}>{t("Search")}</h1>
      <form className={styles.form} action="/search" method="get" role="search">
        <div className={styles.bar}>
          <input
            className={styles.input}
            type="search"
            name={settings.newSearchPage ? "query" : "search"}
            defaultValue={state.query}
            aria-label={t("Search")}
            placeholder={t("Search")}
          />
          {state.domain !== "all_content" && <input type="hidden" name="domain" value={state.domain} />}
          <button type="submit" {...buttonLook({ buttonType: "primary" })}>
            {t("Search")}
          </button>
        </div>
        <nav aria-label={t("Search domains")}>
          <ul className={styles.tabs}>
            {enabledSearchDomains.map((domain) => (
              <li key={domain}>
                <a
                  className={styles.tab}
                  href={searchPageHref(state, { domain, page: 1 })}
                  aria-current={domain === state.domain ? "page" : undefined}
                >
                  {domainLabel(domain)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.filters}>
          {postFilters && <PostFilters state={state} />}
          <label className={styles.field}>
            <span>{t("Match")}</span>
            <select name="queryOperator" defaultValue={state.queryOperator}>
              <option value="and">{t("All words")}</option>
              <option value="or">{t("Any word")}</option>
            </select>
          </label>
          <label className={styles.field}>
            <span>{t("Sort")}</span>
            <select name="sort" defaultValue={state.sort}>
              {sortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" {...buttonLook({ buttonType: "standard" })}>
            {t("Apply")}
          </button>
        </div>
      </form>
      {hasSearchInput(state) ? (
        <Results state={state} newTab={settings.externalNewTab} />
      ) : (
        <p className={styles.empty}>{t("Enter something to search for.")}</p>
      )}
    </>
  );
}

function PostFilters({ state }: { state: SearchPageState }) {
  return (
    <>
      <label className={styles.field}>
        <span>{t("Authors")}</span>
        <input type="text" name="authors" defaultValue={state.authors} placeholder={t("Names, separated by commas")} />
      </label>
      <label className={styles.field}>
        <span>{t("Tags")}</span>
        <input type="text" name="tags" defaultValue={state.tags} />
      </label>
      <label className={styles.field}>
        <span>{t("From")}</span>
        <input type="date" name="startDate" defaultValue={state.startDate} />
      </label>
      <label className={styles.field}>
        <span>{t("To")}</span>
        <input type="date" name="endDate" defaultValue={state.endDate} />
      </label>
      <fieldset className={styles.types}>
        <legend>{t("Types")}</legend>
        {typeOptions.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              name="types"
              value={option.value}
              defaultChecked={state.types.includes(option.value)}
            />{" "}
            {t(option.label)}
          </label>
        ))}
      </fieldset>
      <CategoryFilters state={state} />
    </>
  );
}

const flatten = (items: CategoryTreeItem[], depth = 0): Array<{ item: CategoryTreeItem; depth: number }> =>
  items.flatMap((item) => [{ item, depth }, ...flatten(item.children ?? [], depth + 1)]);

/**
 * Spec §2 category filters of the discussions domain: a category picker (a native multiple select, `categoryIDs`:
 * labelled, keyboard and no-JavaScript ready; indented by depth; none chosen = all), child and archived categories,
 * and followed categories for members.
 */
function CategoryFilters({ state }: { state: SearchPageState }) {
  const api = useApi();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, searchCategoryTree));
  const { data: me } = useQuery(meQuery(api));
  const options = flatten(tree);
  const pickerID = useId();
  return (
    <fieldset className={styles.categories}>
      <legend>{t("Categories")}</legend>
      <div className={styles.field}>
        {/* Its own label element: one wrapping the select would take the chosen option into its name.
            Hidden from sight only: the legend above already shows the word. */}
        <label htmlFor={pickerID} className="visually-hidden">
          {t("Categories")}
        </label>
        <select
          id={pickerID}
          name="categoryIDs"
          multiple
          size={Math.min(8, Math.max(2, options.length))}
          aria-describedby={`${pickerID}-hint`}
          defaultValue={state.categoryIDs.map(String)}
        >
          {options.map(({ item, depth }) => (
            <option key={item.categoryID} value={item.categoryID}>
              {`${"\u00a0\u00a0".repeat(depth)}${item.name}`}
            </option>
          ))}
        </select>
        <p id={`${pickerID}-hint`} className={styles.hint}>
          {t("None chosen searches all categories. Ctrl or ⌘ chooses several.")}
        </p>
      </div>
      <label>
        <input
          type="checkbox"
          name="includeChildCategories"
          value="true"
          defaultChecked={state.includeChildCategories}
        />{" "}
        {t("Include child categories")}
      </label>
      <label>
        <input
          type="checkbox"
          name="includeArchivedCategories"
          value="true"
          defaultChecked={state.includeArchivedCategories}
        />{" "}
        {t("Include archived categories")}
      </label>
      {me && me.userID !== 0 ? (
        <label>
          <input type="checkbox" name="followedCategories" value="true" defaultChecked={state.followedCategories} />{" "}
          {t("Only followed categories")}
        </label>
      ) : null}
    </fieldset>
  );
}

function Results({ state, newTab }: { state: SearchPageState; newTab: boolean }) {
  const api = useApi();
  const { data } = useSuspenseQuery(searchResultsQuery(api, searchApiParams(state)));
  if (data.items.length === 0)
    return <p className={styles.empty}>{t("No results for '{query}'.", { query: state.query })}</p>;
  const counted = countedOf(data.total, state.page);
  return (
    <section aria-label={t("Search results")}>
      <p className={styles.count}>{resultCount(data.total, counted.floor)}</p>
      <ol className={styles.results}>
        {data.items.map((item) => (
          <ResultItem key={`${item.recordType}:${item.recordID}`} item={item} newTab={newTab} />
        ))}
      </ol>
      <Pager
        page={state.page}
        limit={searchPageLimit}
        total={data.total}
        hasMore={counted.morePages}
        href={(page) => searchPageHref(state, { page })}
        label={t("Search results pages")}
      />
    </section>
  );
}

const localPath = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
};

/** What each kind of result is called. */
const recordTypeLabel = (recordType: SearchResult["recordType"]): string =>
  ({
    discussion: t("Discussion"),
    comment: t("Comment"),
    user: t("Member"),
    category: t("Category"),
    article: t("Article"),
    group: t("Group"),
  })[recordType];

/** A group's privacy, in the words of the groups' pages. */
const privacyLabel = (privacy: NonNullable<SearchResult["privacy"]>): string =>
  ({ public: t("Public"), private: t("Private"), secret: t("Secret") })[privacy];

function ResultItem({ item, newTab }: { item: SearchResult; newTab: boolean }) {
  const crumbs = item.breadcrumbs?.slice(1) ?? [];
  const author = item.insertUser as { name?: string } | undefined;
  // A post of a member the viewer ignores: its excerpt collapsed (the ignored list comes with the page).
  const ignored = useIgnoredAuthor(
    item.recordType === "discussion" || item.recordType === "comment" ? (item.insertUserID ?? undefined) : undefined,
  );
  return (
    <li className={styles.result} data-record={`${item.recordType}:${item.recordID}`}>
      <h2 className={styles.title}>
        <a href={localPath(item.url)} {...(newTab ? { target: "_blank", rel: "noopener" } : {})}>
          {item.name}
        </a>
        {item.labelCodes.map((label) => (
          <span key={label} className={styles.label}>
            {label}
          </span>
        ))}
        {item.privacy ? <span className={styles.label}>{privacyLabel(item.privacy)}</span> : null}
      </h2>
      {item.body ? (
        <IgnoredDisclosure ignored={ignored}>
          <p className={styles.excerpt} dangerouslySetInnerHTML={{ __html: item.body }} />
        </IgnoredDisclosure>
      ) : null}
      <p className={styles.meta}>
        <span>{recordTypeLabel(item.recordType)}</span>
        {author?.name && item.recordType !== "user" && item.recordType !== "group" ? <span>{author.name}</span> : null}
        <DateTime date={item.dateInserted} />
        {crumbs.length > 0 && <span>{crumbs.map((crumb) => crumb.name).join(" › ")}</span>}
      </p>
    </li>
  );
}
