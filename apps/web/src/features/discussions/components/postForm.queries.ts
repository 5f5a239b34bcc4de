import { queryOptions } from "@tanstack/react-query";
import type { Category, Tag } from "@parley/contracts";
import { categoriesLimits } from "@parley/contracts/shell-limits";
import type { ApiClient } from "../../../lib/api.ts";

/** A category suggestion of the new-post form: the category and its trail (Home › … › itself). */
export interface CategorySuggestion extends Category {
  breadcrumbs?: Array<{ name: string; url: string }>;
}

/** Query keys of the new-post form's pickers. */
export const postFormKeys = {
  all: ["post-form"] as const,
  categorySearch: (query: string) => [...postFormKeys.all, "categories", query] as const,
  tagSearch: (query: string) => [...postFormKeys.all, "tags", query] as const,
  tagging: () => [...postFormKeys.all, "tagging"] as const,
};

/**
 * Categories a discussion can go to whose names contain `query` (empty: all of them, the first
 * `searchLimit`), with their breadcrumbs; the server leaves out groups and categories the viewer may
 * not post in (`filterDiscussionsAdd`).
 */
export const categorySearchQuery = (api: ApiClient, query: string) =>
  queryOptions({
    queryKey: postFormKeys.categorySearch(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<CategorySuggestion[]>(
          "/categories/search",
          { query, expand: ["breadcrumbs"], limit: categoriesLimits.searchLimit, filterDiscussionsAdd: true },
          signal,
        )
      ).data,
  });

/** Tags whose names start with `query`. */
export const tagSearchQuery = (api: ApiClient, query: string) =>
  queryOptions({
    queryKey: postFormKeys.tagSearch(query),
    queryFn: async ({ signal }) => (await api.get<Tag[]>("/tags", { query }, signal)).data,
  });

/** Whether the site has tagging on (`tagging.enabled`, a public setting). */
export const taggingEnabledQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: postFormKeys.tagging(),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<Record<string, unknown>>("/config", { select: ["tagging.enabled"] }, signal);
      return data["tagging.enabled"] === true;
    },
  });

/** A comma-separated list of tag names → the names, trimmed, without blanks or repeats (any case). */
export function splitTagNames(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(",")
    .map((name) => name.trim())
    .filter((name) => {
      const key = name.toLowerCase();
      if (!name || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
