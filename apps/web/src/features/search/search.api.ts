import type { SearchResult } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface SearchPageData {
  items: SearchResult[];
  total: number;
}

export interface SearchSettings {
  newSearchPage: boolean;
  externalNewTab: boolean;
  /** The add-ons on whose post types the Types filter offers: Questions (qna), Ideas (ideation), Polls (polls). */
  qna: boolean;
  ideation: boolean;
  polls: boolean;
}

/** Calls of the search feature (reference §9). */
export const searchApi = {
  search: async (api: ApiClient, params: Record<string, unknown>, signal?: AbortSignal): Promise<SearchPageData> => {
    const { data, paging } = await api.get<SearchResult[]>("/search", params, signal);
    return { items: data, total: paging?.total ?? data.length };
  },
  settings: async (api: ApiClient, signal?: AbortSignal): Promise<SearchSettings> => {
    const select = [
      "search.newSearchPage",
      "search.externalNewTab",
      "plugins.qna",
      "plugins.ideation",
      "plugins.polls",
    ];
    const { data } = await api.get<Record<string, unknown>>("/config", { select }, signal);
    return {
      newSearchPage: data["search.newSearchPage"] !== false,
      externalNewTab: data["search.externalNewTab"] === true,
      qna: data["plugins.qna"] === true,
      ideation: data["plugins.ideation"] === true,
      polls: data["plugins.polls"] === true,
    };
  },
};
