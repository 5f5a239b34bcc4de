import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { KnowledgeBase, Me } from "@parley/contracts";
import { knowledgeRules } from "@parley/contracts/knowledge-constants";
import type { ApiClient } from "../../lib/api.ts";
import { notFoundError } from "../../lib/route-errors.ts";
import { knowledgeApi, type ArticleListParams, type KnowledgeCategoryListParams } from "./knowledge.api.ts";

/** Query keys of the knowledge base: one factory, so a write can drop everything it may have changed. */
export const knowledgeKeys = {
  all: ["knowledge"] as const,
  bases: () => [...knowledgeKeys.all, "bases"] as const,
  navigation: (knowledgeBaseID: number) => [...knowledgeKeys.all, "navigation", knowledgeBaseID] as const,
  categories: (params: KnowledgeCategoryListParams) => [...knowledgeKeys.all, "categories", params] as const,
  category: (knowledgeCategoryID: number) => [...knowledgeKeys.all, "category", knowledgeCategoryID] as const,
  articles: (params: ArticleListParams) => [...knowledgeKeys.all, "articles", params] as const,
  article: (articleID: number) => [...knowledgeKeys.all, "article", articleID] as const,
  articleSource: (articleID: number) => [...knowledgeKeys.all, "article-source", articleID] as const,
};

export const knowledgeBasesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: knowledgeKeys.bases(), queryFn: ({ signal }) => knowledgeApi.bases(api, signal) });

export const navigationQuery = (api: ApiClient, knowledgeBaseID: number) =>
  queryOptions({
    queryKey: knowledgeKeys.navigation(knowledgeBaseID),
    queryFn: ({ signal }) => knowledgeApi.navigation(api, knowledgeBaseID, signal),
  });

export const knowledgeCategoriesQuery = (api: ApiClient, params: KnowledgeCategoryListParams) =>
  queryOptions({
    queryKey: knowledgeKeys.categories(params),
    queryFn: ({ signal }) => knowledgeApi.categories(api, params, signal),
  });

export const knowledgeCategoryQuery = (api: ApiClient, knowledgeCategoryID: number) =>
  queryOptions({
    queryKey: knowledgeKeys.category(knowledgeCategoryID),
    queryFn: ({ signal }) => knowledgeApi.category(api, knowledgeCategoryID, signal),
  });

/** A page of articles and the total the pager counts (the paging header, else what the page holds). */
export const articlesQuery = (api: ApiClient, params: ArticleListParams) =>
  queryOptions({
    queryKey: knowledgeKeys.articles(params),
    queryFn: async ({ signal }) => {
      const { data, paging } = await knowledgeApi.articles(api, params, signal);
      return { items: data, total: paging?.total ?? null };
    },
  });

export const articleQuery = (api: ApiClient, articleID: number) =>
  queryOptions({
    queryKey: knowledgeKeys.article(articleID),
    queryFn: ({ signal }) => knowledgeApi.article(api, articleID, signal),
  });

export const articleSourceQuery = (api: ApiClient, articleID: number) =>
  queryOptions({
    queryKey: knowledgeKeys.articleSource(articleID),
    queryFn: ({ signal }) => knowledgeApi.articleSource(api, articleID, signal),
  });

/** Articles per page of a category. */
export const categoryArticlesLimit = knowledgeRules.articlesDefaultLimit;
/** Featured articles on a help centre's home. */
export const featuredLimit = 5;
/** Every category of a base, for the editor's select and a category's subcategories. */
export const allCategoriesLimit = knowledgeRules.maxLimit;

/** The base a `/kb/{urlCode}` names (from the list of bases: the API looks bases up by id only). */
export async function ensureBaseByUrlCode(
  queryClient: QueryClient,
  api: ApiClient,
  urlCode: string,
): Promise<KnowledgeBase> {
  const bases = await queryClient.ensureQueryData(knowledgeBasesQuery(api));
  const base = bases.find((candidate) => candidate.urlCode === urlCode);
  if (!base) throw notFoundError("Knowledge Base");
  return base;
}

/** Who may write articles: `articles.add` (the server checks again, per base). */
export const canWriteArticles = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("articles.add"));

/**
 * What the viewer may do with an article, from its `permissions` (`edit`, `feature`, `status`, `react`),
 * falling back to `articles.add` for a map without the action.
 */
export function articleCan(
  article: { permissions?: Record<string, boolean> | undefined },
  action: "edit" | "feature" | "status" | "react",
): boolean {
  const permissions = article.permissions ?? {};
  return permissions[action] ?? permissions["articles.add"] ?? false;
}
