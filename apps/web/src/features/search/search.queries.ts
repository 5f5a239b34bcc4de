import { queryOptions } from "@tanstack/react-query";
import { limits } from "@parley/contracts/limits";
import type { SearchResult } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { searchApi } from "./search.api.ts";

const searchKeys = {
  all: ["search"] as const,
  results: (params: Record<string, unknown>) => [...searchKeys.all, "results", params] as const,
  suggestions: (query: string, siteSectionID: string | null) =>
    [...searchKeys.all, "suggestions", query, ...(siteSectionID ? [siteSectionID] : [])] as const,
  settings: () => [...searchKeys.all, "settings"] as const,
};

export const searchResultsQuery = (api: ApiClient, params: Record<string, unknown>) =>
  queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => searchApi.search(api, params, signal),
  });

/** The sources of the title bar's suggestions, in the order their groups show (spec §7, §9). */
const suggestionSources = [
  { source: "discussions", heading: "Discussions", domain: "discussions" },
  { source: "articles", heading: "Articles", domain: "knowledgeBase" },
  { source: "members", heading: "Members", domain: "user" },
  { source: "categories", heading: "Categories", domain: "category" },
  { source: "groups", heading: "Groups", domain: "group" },
] as const;
type SuggestionSource = (typeof suggestionSources)[number]["source"];

export interface SuggestionGroup {
  source: SuggestionSource;
  heading: string;
  items: SearchResult[];
}

/**
 * Spec §9 "autocomplete 10 results split across sources": each source's share of the limit, the
 * remainder going to the first ones (10 over 4 sources: 3, 3, 2, 2; over 5: 2 each).
 */
export function splitSuggestionLimit(limit: number, sources: number): number[] {
  const share = Math.floor(limit / sources);
  return Array.from({ length: sources }, (_, index) => share + (index < limit % sources ? 1 : 0));
}

/**
 * The title bar's suggestions (spec §7): every source searched at once with the text's last word as a
 * prefix, one result per discussion, no bodies, breadcrumbs for the place; the groups in source order,
 * empty ones left out. An empty text suggests nothing (and asks nothing). In a subcommunity, its section's
 * (`siteSectionID`).
 */
export const searchSuggestionsQuery = (api: ApiClient, query: string, siteSectionID: string | null = null) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query, siteSectionID),
    queryFn: async ({ signal }): Promise<SuggestionGroup[]> => {
      const shares = splitSuggestionLimit(limits.search.autocompleteLimit, suggestionSources.length);
      const pages = await Promise.all(
        suggestionSources.map((source, index) =>
          searchApi.search(
            api,
            {
              query,
              domain: source.domain,
              matchMode: "prefix",
              collapse: true,
              expand: ["breadcrumbs", "-body"],
              limit: shares[index],
              ...(siteSectionID ? { siteSectionID } : {}),
            },
            signal,
          ),
        ),
      );
      return suggestionSources
        .map((source, index) => ({ source: source.source, heading: source.heading, items: pages[index]!.items }))
        .filter((group) => group.items.length > 0);
    },
    enabled: query.trim().length > 0,
  });

/**
 * The category picker's tree: all of it (the server leaves out what the searcher may not view); in a subcommunity
 * searched on its own, its section's.
 */
export const searchCategoryTree = (siteSectionID: string | null = null) =>
  ({ maxDepth: 10, ...(siteSectionID && siteSectionID !== "0" ? { siteSectionID } : {}) }) as const;

export const searchSettingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: searchKeys.settings(), queryFn: ({ signal }) => searchApi.settings(api, signal) });
