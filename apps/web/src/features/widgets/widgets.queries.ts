import { queryOptions } from "@tanstack/react-query";
import type { Article, Category, CollectionContent, Discussion, Group, WidgetProps } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { currentLocale } from "../../lib/i18n.ts";
import { listExpand } from "../discussions/index.ts";

const widgetKeys = {
  collection: (collectionID: number, locale: string) => ["widgets", "collection", collectionID, locale] as const,
  discussions: (params: WidgetProps<"react.discussion.discussions">["apiParams"]) =>
    ["widgets", "discussions", params] as const,
  categories: (params: WidgetProps<"react.categories">["apiParams"], locale: string) =>
    ["widgets", "categories", params, locale] as const,
  articles: (params: WidgetProps<"react.article.articles">["apiParams"]) => ["widgets", "articles", params] as const,
  groups: (params: WidgetProps<"react.groups">["apiParams"]) => ["widgets", "groups", params] as const,
};

/**
 * A list the viewer may read, or none: a record the viewer may not read (a private parent category, a knowledge base
 * without `kb.view`, the groups add-on off) answers 403 or 404, and the widget then shows nothing.
 */
async function readable<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
}

/**
 * A featured collection's records the viewer may read (`GET /collections/{id}/content/{locale}`: the server
 * leaves out the others); null when the collection is gone, so the widget shows nothing.
 */
export const collectionContentQuery = (api: ApiClient, collectionID: number) =>
  queryOptions({
    queryKey: widgetKeys.collection(collectionID, currentLocale()),
    queryFn: async ({ signal }): Promise<CollectionContent | null> => {
      try {
        const path = `/collections/${collectionID}/content/${encodeURIComponent(currentLocale())}`;
        return (await api.get<CollectionContent>(path, {}, signal)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The discussions widget's list (`GET /discussions` with its filters, as the viewer may read them: none of a category they may not). */
export const widgetDiscussionsQuery = (
  api: ApiClient,
  params: WidgetProps<"react.discussion.discussions">["apiParams"],
) =>
  queryOptions({
    queryKey: widgetKeys.discussions(params),
    queryFn: async ({ signal }): Promise<Discussion[]> => {
      const { categoryID, ...rest } = params;
      try {
        return (
          await api.get<Discussion[]>(
            "/discussions",
            {
              ...rest,
              page: 1,
              ...(categoryID !== undefined ? { categoryID, includeChildCategories: true } : {}),
              expand: listExpand,
              excerptLength: 160,
            },
            signal,
          )
        ).data;
      } catch (error) {
        // A category the viewer may not read: no discussion of it to show.
        if (error instanceof ApiError && error.status === 403) return [];
        throw error;
      }
    },
  });

/** Default number of categories the categories widget lists when its `limit` is left out. */
const defaultCategoryLimit = 10;

/**
 * The categories widget's categories (`GET /categories`, which leaves out those the viewer may not read): the top
 * level, a category's children, the featured ones, or the followed ones (a guest follows none).
 */
export const widgetCategoriesQuery = (api: ApiClient, params: WidgetProps<"react.categories">["apiParams"]) =>
  queryOptions({
    queryKey: widgetKeys.categories(params, currentLocale()),
    queryFn: ({ signal }): Promise<Category[]> => {
      const limit = params.limit ?? defaultCategoryLimit;
      const filter = params.filter ?? "none";
      const query =
        filter === "followed"
          ? { followed: true, limit }
          : filter === "featured"
            ? // Featured ones at any depth, in the tree's order.
              { featured: true, maxDepth: limits.categories.maxDepth, limit, locale: currentLocale() }
            : {
                outputFormat: "flat",
                maxDepth: 1,
                limit,
                locale: currentLocale(),
                ...(filter === "parentCategory" && params.parentCategoryID !== undefined
                  ? { parentCategoryID: params.parentCategoryID }
                  : {}),
              };
      return readable(async () => (await api.get<Category[]>("/categories", query, signal)).data);
    },
  });

/** The articles widget's articles (`GET /articles`: published ones of a base the viewer may read). */
export const widgetArticlesQuery = (api: ApiClient, params: WidgetProps<"react.article.articles">["apiParams"]) =>
  queryOptions({
    queryKey: widgetKeys.articles(params),
    queryFn: ({ signal }): Promise<Article[]> =>
      readable(async () => (await api.get<Article[]>("/articles", { ...params, page: 1 }, signal)).data),
  });

/** The groups widget's groups (`GET /groups`: a secret group only to its members). */
export const widgetGroupsQuery = (api: ApiClient, params: WidgetProps<"react.groups">["apiParams"]) =>
  queryOptions({
    queryKey: widgetKeys.groups(params),
    queryFn: ({ signal }): Promise<Group[]> =>
      readable(async () => (await api.get<Group[]>("/groups", { ...params, page: 1 }, signal)).data),
  });
