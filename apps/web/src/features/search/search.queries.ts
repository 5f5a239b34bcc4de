import { queryOptions } from "@tanstack/react-query";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../lib/api.ts";
import { searchApi } from "./search.api.ts";

export const searchKeys = {
  all: ["search"] as const,
  results: (params: Record<string, unknown>) => [...searchKeys.all, "results", params] as const,
  suggestions: (query: string) => [...searchKeys.all, "suggestions", query] as const,
  settings: () => [...searchKeys.all, "settings"] as const,
};

export const searchResultsQuery = (api: ApiClient, params: Record<string, unknown>) =>
  queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => searchApi.search(api, params, signal),
  });

/**
 * The title bar's suggestions (spec §7): the last word as a prefix, one per discussion, no bodies,
 * breadcrumbs for the place; one source (the community), so its page is the whole suggestion page.
 */
export const searchSuggestionsQuery = (api: ApiClient, query: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query),
    queryFn: ({ signal }) =>
      searchApi.search(
        api,
        {
          query,
          matchMode: "prefix",
          collapse: true,
          recordTypes: ["discussion", "category", "user"],
          expand: ["breadcrumbs", "-body"],
          limit: limits.search.suggestionsPageSize,
        },
        signal,
      ),
    enabled: query.trim().length > 0,
  });

export const searchSettingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: searchKeys.settings(), queryFn: ({ signal }) => searchApi.settings(api, signal) });
