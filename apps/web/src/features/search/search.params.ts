import { limits } from "@parley/contracts/limits";
import {
  domainSpecificSearchParams,
  enabledSearchDomains,
  formatSearchRange,
  searchCountBound,
  searchParamsValidFor,
  searchSorts,
  type SearchDomain,
  type SearchSort,
} from "@parley/contracts/search-constants";
import type { SiteSectionLink } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import { sectionHref } from "../../lib/site-section.tsx";
import { formatCount } from "../../lib/numbers.ts";

/** The search page's state, read from its address (spec §2 "Search page parameters"). */
export interface SearchPageState {
  query: string;
  domain: SearchDomain;
  page: number;
  sort: SearchSort;
  queryOperator: "and" | "or";
  /** The post filters, as typed (author names and tags comma-separated, dates as yyyy-mm-dd). */
  authors: string;
  tags: string;
  startDate: string;
  endDate: string;
  types: string[];
  categoryIDs: number[];
  includeChildCategories: boolean;
  includeArchivedCategories: boolean;
  /** Only posts in the categories the searcher follows. */
  followedCategories: boolean;
  /** In a subcommunity: the whole site searched instead of the section (`siteSectionID=0`, issue 40). */
  allSections: boolean;
  /** Parameters given that do not belong to the domain: dropped (the page logs a warning). */
  dropped: string[];
}

export const searchPageLimit = limits.pager.defaultPageLimit;

const list = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** `query` when the new search page is on, otherwise `search` (spec §2); the other name is read as a fallback. */
export function readSearchPage(params: URLSearchParams, newSearchPage = true): SearchPageState {
  const primary = newSearchPage ? "query" : "search";
  const fallback = newSearchPage ? "search" : "query";
  const domainParam = params.get("domain") as SearchDomain | null;
  const domain = domainParam && enabledSearchDomains.includes(domainParam) ? domainParam : "all_content";
  const valid = new Set(searchParamsValidFor(domain));
  const dropped = domainSpecificSearchParams.filter((name) => params.has(name) && !valid.has(name));
  const get = (name: string) => (valid.has(name) ? (params.get(name) ?? "") : "");
  const sort = params.get("sort") as SearchSort | null;
  return {
    query: params.get(primary) ?? params.get(fallback) ?? "",
    domain,
    page: Math.max(1, Math.min(limits.api.maxPage, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
    sort: sort && searchSorts.includes(sort) ? sort : "relevance",
    queryOperator: params.get("queryOperator") === "or" ? "or" : "and",
    authors: get("authors"),
    tags: get("tags"),
    startDate: get("startDate"),
    endDate: get("endDate"),
    types: valid.has("types") ? params.getAll("types").flatMap(list) : [],
    categoryIDs: valid.has("categoryIDs")
      ? params
          .getAll("categoryIDs")
          .flatMap(list)
          .map(Number)
          .filter((id) => Number.isInteger(id))
      : [],
    includeChildCategories: get("includeChildCategories") === "true" || get("includeChildCategories") === "1",
    includeArchivedCategories: get("includeArchivedCategories") === "true" || get("includeArchivedCategories") === "1",
    followedCategories: get("followedCategories") === "true" || get("followedCategories") === "1",
    allSections: params.get("siteSectionID") === WHOLE_SITE_SECTION_ID,
    dropped,
  };
}

/** The whole site as a section (contracts' WHOLE_SITE_SECTION_ID; that module is TypeBox's, kept off this chunk). */
const WHOLE_SITE_SECTION_ID = "0";

/** The section a search covers (`siteSectionID`): in a subcommunity its own, unless the whole site is asked for. */
export const searchSectionID = (state: Pick<SearchPageState, "allSections">, section: SiteSectionLink | null) =>
  section ? (state.allSections ? WHOLE_SITE_SECTION_ID : section.siteSectionID) : null;

/** The API's parameters for the page's state (`GET /search`); in a subcommunity, its section's. */
export function searchApiParams(
  state: SearchPageState,
  section: SiteSectionLink | null = null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    query: state.query,
    domain: state.domain,
    page: state.page,
    limit: searchPageLimit,
    expand: ["insertUser", "breadcrumbs"],
  };
  if (state.sort !== "relevance") out["sort"] = state.sort;
  if (state.queryOperator === "or") out["queryOperator"] = "or";
  if (state.authors) out["authors"] = list(state.authors);
  if (state.tags) out["tags"] = list(state.tags);
  const range = formatSearchRange(state.startDate, state.endDate);
  if (range) out["dateInserted"] = range;
  if (state.types.length) out["types"] = state.types;
  if (state.categoryIDs.length) out["categoryIDs"] = state.categoryIDs;
  if (state.includeChildCategories) out["includeChildCategories"] = true;
  if (state.includeArchivedCategories) out["includeArchivedCategories"] = true;
  if (state.followedCategories) out["followedCategories"] = true;
  const sectionID = searchSectionID(state, section);
  if (sectionID !== null) out["siteSectionID"] = sectionID;
  return out;
}

/** Results that sit in a category: a section's search finds only its own. */
const inCategories = new Set(["discussion", "comment", "category"]);

/**
 * Where a result leads: the server's `url` is canonical (the whole site's, at its origin), as the path of this
 * site. In a subcommunity whose own search found it (a post or category of the section), the section's address of
 * that path, so the reader stays in the section; otherwise (the whole site's search, "Search all communities", a
 * member) the canonical path.
 */
export function searchResultHref(
  result: { url: string; recordType: string },
  section: SiteSectionLink | null,
  state: Pick<SearchPageState, "allSections">,
): string {
  let path = result.url;
  try {
    const parsed = new URL(result.url);
    path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    // Already a path.
  }
  const ownSection = searchSectionID(state, section) === section?.siteSectionID;
  return section && ownSection && inCategories.has(result.recordType) ? sectionHref(section, path) : path;
}

/** The page's address for a state (a different page, domain or sort), defaults left out. */
export function searchPageHref(state: SearchPageState, changes: Partial<SearchPageState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.query) params.set("query", next.query);
  if (next.domain !== "all_content") params.set("domain", next.domain);
  if (next.sort !== "relevance") params.set("sort", next.sort);
  if (next.queryOperator === "or") params.set("queryOperator", "or");
  const valid = new Set(searchParamsValidFor(next.domain));
  const keep = (name: string, value: string) => {
    if (value && valid.has(name)) params.set(name, value);
  };
  keep("authors", next.authors);
  keep("tags", next.tags);
  keep("startDate", next.startDate);
  keep("endDate", next.endDate);
  keep("types", next.types.join(","));
  keep("categoryIDs", next.categoryIDs.join(","));
  if (next.includeChildCategories) keep("includeChildCategories", "true");
  if (next.includeArchivedCategories) keep("includeArchivedCategories", "true");
  if (next.followedCategories) keep("followedCategories", "true");
  if (next.allSections) params.set("siteSectionID", WHOLE_SITE_SECTION_ID);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return `/search${query ? `?${query}` : ""}`;
}

/** Whether there is anything to search for. */
export const hasSearchInput = (state: SearchPageState) =>
  Boolean(
    state.query.trim() || state.authors || state.tags || state.startDate || state.endDate || state.categoryIDs.length,
  );

/** How many filters the search has (the Filters button's count): each field set, the categories as one. */
export const activeFilterCount = (state: SearchPageState): number =>
  [
    state.authors,
    state.tags,
    state.startDate,
    state.endDate,
    state.types.length > 0,
    state.categoryIDs.length > 0,
    state.includeChildCategories,
    state.includeArchivedCategories,
    state.followedCategories,
    state.queryOperator === "or",
    state.sort !== "relevance",
  ].filter(Boolean).length;

/** The same search without its filters (the empty state's next step). */
export const withoutFilters = (state: SearchPageState): string =>
  searchPageHref(state, {
    authors: "",
    tags: "",
    startDate: "",
    endDate: "",
    types: [],
    categoryIDs: [],
    includeChildCategories: false,
    includeArchivedCategories: false,
    followedCategories: false,
    queryOperator: "and",
    sort: "relevance",
    page: 1,
  });

/**
 * How far the API counted a page's matches (`searchCountBound`): a total that reached it is a floor,
 * and more pages may follow unless it is the search's reach.
 */
export function countedOf(total: number, page: number) {
  const bound = searchCountBound((page - 1) * searchPageLimit, searchPageLimit);
  const floor = total >= bound;
  return { floor, morePages: floor && bound < limits.search.maxResults };
}

/** "12 results"; a total the count stopped at is a floor: "100+ results". */
export const resultCount = (total: number, floor: boolean): string =>
  total === 1 && !floor ? t("1 result") : t("{count} results", { count: `${formatCount(total)}${floor ? "+" : ""}` });
