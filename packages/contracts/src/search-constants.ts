/**
 * Search without TypeBox, for the web bundle: domains, record types, sorts, operators, and the
 * spec §2 rules for which search-page parameters belong to which domain.
 */

import { limits } from "./limits.ts";

/**
 * How far a search counts its matches for the page at `offset` (`limits.search.countStep`): past the
 * page's last row, so the count tells whether another page follows. A total that reaches the bound
 * is a floor ("100+"); one below it is exact.
 */
export function searchCountBound(offset: number, limit: number): number {
  const { countStep, maxResults } = limits.search;
  return Math.min(maxResults, Math.ceil((offset + limit + 1) / countStep) * countStep);
}

/** Search domains (spec §2): every post, discussions only, members, categories, knowledge-base articles, groups. */
export const searchDomains = ["all_content", "discussions", "user", "category", "knowledgeBase", "group"] as const;
export type SearchDomain = (typeof searchDomains)[number];

/** The domains this site offers. */
export const enabledSearchDomains: readonly SearchDomain[] = [
  "all_content",
  "discussions",
  "user",
  "category",
  "knowledgeBase",
  "group",
];

export const searchRecordTypes = ["discussion", "comment", "user", "category", "article", "group"] as const;
export type SearchRecordType = (typeof searchRecordTypes)[number];

/** `types`: the post types (a discussion's type, or comment). */
export const searchTypes = ["discussion", "comment", "question", "idea", "poll", "user", "category"] as const;
export type SearchType = (typeof searchTypes)[number];

export const searchSorts = ["relevance", "-dateInserted", "dateInserted"] as const;
export type SearchSort = (typeof searchSorts)[number];
export const defaultSearchSort: SearchSort = "relevance";

export const searchOperators = ["and", "or"] as const;
export type SearchOperator = (typeof searchOperators)[number];

/** `matchMode`: whole words (search) or the last word as a prefix (autocomplete). */
export const searchMatchModes = ["words", "prefix"] as const;
export type SearchMatchMode = (typeof searchMatchModes)[number];

/**
 * The record types each domain searches. All content holds what a reader finds by its words: posts,
 * knowledge-base articles and groups (by name and description); members and categories have tabs of their own.
 */
export const domainRecordTypes: Record<SearchDomain, readonly SearchRecordType[]> = {
  all_content: ["discussion", "comment", "article", "group"],
  discussions: ["discussion", "comment"],
  user: ["user"],
  category: ["category"],
  knowledgeBase: ["article"],
  group: ["group"],
};

/**
 * Spec §2: "Valid only for discussions: types, category, followed categories, child and archived
 * categories, author names. Valid only for articles: knowledge base, knowledge categories, author
 * names. Invalid ones are dropped with a warning."
 */
const discussionOnly = [
  "types",
  "categoryIDs",
  "categoryID",
  "followedCategories",
  "includeChildCategories",
  "includeArchivedCategories",
] as const;
const articleOnly = ["knowledgeBaseOption", "knowledgeCategoryIDs"] as const;
const postOnly = ["authors", "insertUserIDs", "tags", "tagOperator", "startDate", "endDate"] as const;

/** The parameters valid for a domain beyond the common ones (query, domain, scope, page, sort, queryOperator, name). */
export function searchParamsValidFor(domain: SearchDomain): readonly string[] {
  if (domain === "all_content" || domain === "discussions") return [...discussionOnly, ...postOnly];
  if (domain === "knowledgeBase") return [...articleOnly, "authors", "insertUserIDs", "startDate", "endDate"];
  return [];
}

/** Every domain-specific parameter: those not valid for the chosen domain are dropped. */
export const domainSpecificSearchParams: readonly string[] = [
  ...new Set<string>([...discussionOnly, ...articleOnly, ...postOnly]),
];

/**
 * Spec §2 range format: both ends equal gives that value; both given gives a bracketed pair; start only
 * gives >=start; end only gives <=end; thousands commas are stripped.
 */
export function formatSearchRange(start?: string | null, end?: string | null): string | undefined {
  const from = start?.replaceAll(",", "").trim() || undefined;
  const to = end?.replaceAll(",", "").trim() || undefined;
  if (from && to) return from === to ? from : `[${from},${to}]`;
  if (from) return `>=${from}`;
  if (to) return `<=${to}`;
  return undefined;
}
