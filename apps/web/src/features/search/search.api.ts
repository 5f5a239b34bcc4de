import type { SearchResult } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface SearchPageData {
  items: SearchResult[];
  total: number;
}

export interface SearchSettings {
  newSearchPage: boolean;
  externalNewTab: boolean;
}

/** Calls of the search feature (reference §9). */
export const searchApi = {
  search: async (api: ApiClient, params: Record<string, unknown>, signal?: AbortSignal): Promise<SearchPageData> => {
    const { data, paging } = await api.get<SearchResult[]>("/search", params, signal);
    return { items: data, total: paging?.total ?? data.length };
  },
  settings: async (api: ApiClient, signal?: AbortSignal): Promise<SearchSettings> => {
    const select = ["search.newSearchPage", "search.externalNewTab"];
    const { data } = await api.get<Record<string, unknown>>("/config", { select }, signal);
    return {
      newSearchPage: data["search.newSearchPage"] !== false,
      externalNewTab: data["search.externalNewTab"] === true,
    };
  },
};
