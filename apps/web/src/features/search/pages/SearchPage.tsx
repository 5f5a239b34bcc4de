import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useQuery } from "../../../lib/query.ts";
import { useSearchParams } from "react-router";
import type { SearchResult } from "@parley/contracts";
import { enabledSearchDomains, type SearchDomain } from "@parley/contracts/search-constants";
import { useApi } from "../../../lib/api-context.tsx";
import { PageHead } from "../../../lib/head.tsx";
import { msg, t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { EmptyState } from "../../../ui/empty-state/EmptyState.tsx";
import { DateTime } from "../../../ui/date/DateTime.tsx";
import { Pager } from "../../../ui/pager/Pager.tsx";
import { UserPhoto } from "../../../ui/user-photo/UserPhoto.tsx";
import { useHydrated } from "../../../ui/hydrated.ts";
import { useSectionHref, useSiteSection } from "../../../lib/site-section.tsx";
import {
  hasSearchInput,
  readSearchPage,
  countedOf,
  activeFilterCount,
  withoutFilters,
  resultCount,
  searchApiParams,
  searchPageHref,
  searchPageLimit,
  searchResultHref,
  searchSectionID,
  type SearchPageState,
} from "../search.params.ts";
import { searchCategoryTree, searchResultsQuery, searchSettingsQuery } from "../search.queries.ts";
import { categoryListQuery } from "../../categories/index.ts";
import { meQuery } from "../../users/index.ts";
import { IgnoredDisclosure, useIgnoredAuthor } from "../../ignore/index.ts";
import type { CategoryTreeItem } from "@parley/contracts";
import type { CategoryChoice } from "../components/CategoryChips.tsx";
import { EmptySearchIcon, FiltersIcon, ResultTypeIcon } from "../components/ResultTypeIcon.tsx";
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

/** The post types the Types filter offers: questions, ideas and polls while their add-ons are on. */
const typeOptions = [
  { value: "discussion", label: msg("Discussions") },
  { value: "comment", label: msg("Comments") },
  { value: "question", label: msg("Questions"), addon: "qna" as const },
  { value: "idea", label: msg("Ideas"), addon: "ideation" as const },
  { value: "poll", label: msg("Polls"), addon: "polls" as const },
];

const sortOptions = [
  { value: "relevance", label: msg("Best Match") },
  { value: "-dateInserted", label: msg("Newest") },
  { value: "dateInserted", label: msg("Oldest") },
];

/** The category chips picker, loaded once the page runs (the server and no-JavaScript pages have checkboxes). */
const loadCategoryChips = () => import("../components/CategoryChips.tsx");
type CategoryChipsModule = Awaited<ReturnType<typeof loadCategoryChips>>;

function useCategoryChips(): CategoryChipsModule | null {
  const [module, setModule] = useState<CategoryChipsModule | null>(null);
  useEffect(() => {
    let live = true;
    loadCategoryChips().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => undefined, // Offline or a new deployment: the checkboxes keep working.
    );
    return () => {
      live = false;
    };
  }, []);
  return module;
}

/**
 * `/search` (spec §2): one GET form — the search box with the one Search button, the domain tabs, and the
 * filters — beside the results. The filters are a column on wide screens and a drawer below 1000 px (a
 * disclosure: it works without JavaScript; once the page runs Escape and Close shut it, focus back on its button).
 */
export function SearchPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const section = useSiteSection();
  const href = useSectionHref();
  const { data: settings } = useSuspenseQuery(searchSettingsQuery(api));
  const state = readSearchPage(params, settings.newSearchPage);
  const dropped = state.dropped.join(",");
  useEffect(() => {
    // Spec §2: parameters that belong to another domain are dropped with a warning.
    if (dropped) console.warn(`Search: ${dropped} dropped (not valid for the ${state.domain} domain).`);
  }, [dropped, state.domain]);

  return (
    <>
      <PageHead title={state.query ? t("Search results for '{query}'", { query: state.query }) : t("Search")} noindex />
      <h1 className={styles.heading}>{t("Search")}</h1>
      <form className={styles.form} action={href("/search")} method="get" role="search">
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
        {section ? (
          // In a subcommunity (issue 40) the search is the section's; this asks for the whole site's.
          <label className={styles.allSections}>
            <input type="checkbox" name="siteSectionID" value="0" defaultChecked={state.allSections} />
            {t("Search all communities")}
          </label>
        ) : null}
        <nav aria-label={t("Search domains")}>
          <ul className={styles.tabs}>
            {enabledSearchDomains.map((domain) => (
              <li key={domain}>
                <a
                  className={styles.tab}
                  href={href(searchPageHref(state, { domain, page: 1 }))}
                  aria-current={domain === state.domain ? "page" : undefined}
                >
                  {domainLabel(domain)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.layout}>
          <FilterDrawer state={state} />
          <div className={styles.main}>
            {hasSearchInput(state) ? (
              <Results state={state} newTab={settings.externalNewTab} />
            ) : (
              <EmptySearch sentence={t("Enter something to search for.")} />
            )}
          </div>
        </div>
      </form>
    </>
  );
}

/** The filters: a column on wide screens, a disclosure (the drawer) with its count of active filters below. */
function FilterDrawer({ state }: { state: SearchPageState }) {
  const href = useSectionHref();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  const count = activeFilterCount(state);
  const panelID = useId();
  const close = () => {
    if (!detailsRef.current?.open) return;
    detailsRef.current.open = false;
    summaryRef.current?.focus();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented || !detailsRef.current?.open) return;
    event.preventDefault();
    close();
  };
  const postFilters = state.domain === "all_content" || state.domain === "discussions";
  return (
    <details ref={detailsRef} className={styles.drawer} onKeyDown={handleKeyDown}>
      <summary ref={summaryRef} className={styles.drawerButton} aria-controls={panelID}>
        <FiltersIcon />
        {t("Filters")}
        {count > 0 ? (
          <>
            <span className={styles.badge} aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">{t("{count} active", { count })}</span>
          </>
        ) : null}
      </summary>
      <div id={panelID} className={styles.panel}>
        <div className={styles.panelHeader}>
          <h2 className={styles.panelHeading}>{t("Filters")}</h2>
          {hydrated ? (
            <button type="button" className={styles.close} onClick={close}>
              {t("Close filters")}
            </button>
          ) : null}
        </div>
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
        {count > 0 ? (
          <a className={styles.clear} href={href(withoutFilters(state))}>
            {t("Clear filters")}
          </a>
        ) : null}
      </div>
    </details>
  );
}

function PostFilters({ state }: { state: SearchPageState }) {
  const api = useApi();
  const { data: settings } = useSuspenseQuery(searchSettingsQuery(api));
  return (
    <>
      <CategoryFilters state={state} />
      <label className={styles.field}>
        <span>{t("Authors")}</span>
        <input type="text" name="authors" defaultValue={state.authors} placeholder={t("Names, separated by commas")} />
      </label>
      <label className={styles.field}>
        <span>{t("Tags")}</span>
        <input type="text" name="tags" defaultValue={state.tags} placeholder={t("Separate tags with commas.")} />
      </label>
      <fieldset className={styles.group}>
        <legend>{t("Date")}</legend>
        <div className={styles.dates}>
          <label className={styles.field}>
            <span>{t("From")}</span>
            <input type="date" name="startDate" defaultValue={state.startDate} />
          </label>
          <label className={styles.field}>
            <span>{t("To")}</span>
            <input type="date" name="endDate" defaultValue={state.endDate} />
          </label>
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t("Types")}</legend>
        {typeOptions
          .filter((option) => !option.addon || settings[option.addon])
          .map((option) => (
            <label key={option.value} className={styles.check}>
              <input
                type="checkbox"
                name="types"
                value={option.value}
                defaultChecked={state.types.includes(option.value)}
              />
              {t(option.label)}
            </label>
          ))}
      </fieldset>
    </>
  );
}

/** Each category with its parents' names, in the tree's order. */
const flatten = (items: CategoryTreeItem[], parents: string[] = []): CategoryChoice[] =>
  items.flatMap((item) => [
    { categoryID: item.categoryID, name: item.name, trail: parents.join(" › ") },
    ...flatten(item.children ?? [], [...parents, item.name]),
  ]);

/**
 * Spec §2 category filters of the discussions domain: the categories (`categoryIDs`, none chosen = all) —
 * checkboxes from the server, a chips picker once the page runs — child and archived categories, and
 * followed categories for members.
 */
function CategoryFilters({ state }: { state: SearchPageState }) {
  const api = useApi();
  const section = useSiteSection();
  const { data: tree } = useSuspenseQuery(categoryListQuery(api, searchCategoryTree(searchSectionID(state, section))));
  const { data: me } = useQuery(meQuery(api));
  const options = flatten(tree);
  const [chosen, setChosen] = useState(state.categoryIDs);
  const chips = useCategoryChips();
  const hint = t("None chosen searches all categories.");
  const toggle = (categoryID: number, on: boolean) =>
    setChosen((current) => (on ? [...current, categoryID] : current.filter((id) => id !== categoryID)));
  return (
    <fieldset className={styles.group}>
      <legend>{t("Categories")}</legend>
      {chips ? (
        <>
          <chips.CategoryChips options={options} chosen={chosen} onChange={setChosen} hint={hint} />
          {chosen.map((id) => (
            <input key={id} type="hidden" name="categoryIDs" value={id} />
          ))}
        </>
      ) : (
        <>
          <div className={styles.checkList}>
            {options.map((option) => (
              <label
                key={option.categoryID}
                className={styles.check}
                style={{ paddingInlineStart: `${option.trail ? option.trail.split(" › ").length * 16 : 0}px` }}
              >
                <input
                  type="checkbox"
                  name="categoryIDs"
                  value={option.categoryID}
                  checked={chosen.includes(option.categoryID)}
                  onChange={(event) => toggle(option.categoryID, event.currentTarget.checked)}
                />
                {option.name}
              </label>
            ))}
          </div>
          <p className={styles.hint}>{hint}</p>
        </>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          name="includeChildCategories"
          value="true"
          defaultChecked={state.includeChildCategories}
        />
        {t("Include child categories")}
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="includeArchivedCategories"
          value="true"
          defaultChecked={state.includeArchivedCategories}
        />
        {t("Include archived categories")}
      </label>
      {me && me.userID !== 0 ? (
        <label className={styles.check}>
          <input type="checkbox" name="followedCategories" value="true" defaultChecked={state.followedCategories} />
          {t("Only followed categories")}
        </label>
      ) : null}
    </fieldset>
  );
}

/** An empty search (design principle 6): the search icon, one sentence, and the next thing to do. */
function EmptySearch({ sentence, action }: { sentence: string; action?: { href: string; label: string } }) {
  return (
    <EmptyState icon={<EmptySearchIcon />} link={action}>
      {sentence}
    </EmptyState>
  );
}

function Results({ state, newTab }: { state: SearchPageState; newTab: boolean }) {
  const api = useApi();
  const section = useSiteSection();
  const href = useSectionHref();
  const { data } = useSuspenseQuery(searchResultsQuery(api, searchApiParams(state, section)));
  if (data.items.length === 0)
    return (
      <EmptySearch
        sentence={
          state.query ? t("No results for '{query}'.", { query: state.query }) : t("Nothing matches these filters.")
        }
        action={
          activeFilterCount(state) > 0
            ? { href: href(withoutFilters(state)), label: t("Search without filters") }
            : { href: href("/discussions"), label: t("Browse discussions") }
        }
      />
    );
  const counted = countedOf(data.total, state.page);
  return (
    <section aria-label={t("Search results")}>
      <p className={styles.count}>{resultCount(data.total, counted.floor)}</p>
      <ol className={styles.results}>
        {data.items.map((item) => (
          <ResultItem
            key={`${item.recordType}:${item.recordID}`}
            item={item}
            newTab={newTab}
            href={searchResultHref(item, section, state)}
          />
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

function ResultItem({ item, newTab, href }: { item: SearchResult; newTab: boolean; href: string }) {
  const crumbs = item.breadcrumbs?.slice(1) ?? [];
  const author = item.insertUser as { name?: string; photoUrl?: string | null } | undefined;
  const post = item.recordType === "discussion" || item.recordType === "comment";
  // A post of a member the viewer ignores: its excerpt collapsed (the ignored list comes with the page).
  const ignored = useIgnoredAuthor(post ? (item.insertUserID ?? undefined) : undefined);
  const byline = author?.name && item.recordType !== "user" && item.recordType !== "group" ? author.name : null;
  return (
    <li className={styles.result} data-record={`${item.recordType}:${item.recordID}`}>
      <span className={styles.visual}>
        {item.recordType === "user" ? (
          <UserPhoto name={item.name} photoUrl={author?.photoUrl} size="medium" decorative />
        ) : byline ? (
          <UserPhoto name={byline} photoUrl={author?.photoUrl} size="medium" decorative />
        ) : (
          <span className={styles.typeBadge}>
            <ResultTypeIcon recordType={item.recordType} size={20} />
          </span>
        )}
      </span>
      <div className={styles.resultBody}>
        <h2 className={styles.title}>
          <a href={href} {...(newTab ? { target: "_blank", rel: "noopener" } : {})}>
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
          <span className={styles.type}>
            <ResultTypeIcon recordType={item.recordType} />
            {recordTypeLabel(item.recordType)}
          </span>
          {byline ? <span className={styles.author}>{byline}</span> : null}
          <DateTime date={item.dateInserted} />
          {crumbs.length > 0 && <span>{crumbs.map((crumb) => crumb.name).join(" › ")}</span>}
        </p>
      </div>
    </li>
  );
}
