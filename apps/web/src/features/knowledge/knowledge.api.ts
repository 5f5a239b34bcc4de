import type {
  Article,
  ArticleEdit,
  ArticlePatch,
  ArticlePost,
  ArticleReact,
  ArticleStatus,
  KnowledgeBase,
  KnowledgeCategory,
  KnowledgeNavigationItem,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface ArticleListParams {
  knowledgeCategoryID?: number;
  knowledgeBaseID?: number;
  featured?: boolean;
  page?: number;
  limit?: number;
}

export interface KnowledgeCategoryListParams {
  knowledgeBaseID?: number;
  parentID?: number;
  limit?: number;
}

/** The knowledge base (Vanilla's Knowledge add-on, API v2): bases, their categories and articles. */
export const knowledgeApi = {
  bases: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<KnowledgeBase[]>("/knowledge-bases", { status: "published" }, signal)).data,
  /** A base's categories and articles, for its navigation. */
  navigation: async (api: ApiClient, knowledgeBaseID: number, signal?: AbortSignal) =>
    (await api.get<KnowledgeNavigationItem[]>(`/knowledge-bases/${knowledgeBaseID}/navigation-flat`, {}, signal)).data,
  categories: async (api: ApiClient, params: KnowledgeCategoryListParams, signal?: AbortSignal) =>
    (await api.get<KnowledgeCategory[]>("/knowledge-categories", { ...params }, signal)).data,
  category: async (api: ApiClient, knowledgeCategoryID: number, signal?: AbortSignal) =>
    (
      await api.get<KnowledgeCategory>(
        `/knowledge-categories/${knowledgeCategoryID}`,
        { expand: ["breadcrumbs"] },
        signal,
      )
    ).data,
  /** A page of articles, with the paging headers (the total, for the pager). */
  articles: (api: ApiClient, params: ArticleListParams, signal?: AbortSignal) =>
    api.get<Article[]>("/articles", { ...params, expand: ["insertUser"] }, signal),
  article: async (api: ApiClient, articleID: number, signal?: AbortSignal) =>
    (await api.get<Article>(`/articles/${articleID}`, { expand: ["all"] }, signal)).data,
  /** The article's source, for its editor. */
  articleSource: async (api: ApiClient, articleID: number, signal?: AbortSignal) =>
    (await api.get<ArticleEdit>(`/articles/${articleID}/edit`, {}, signal)).data,
  create: async (api: ApiClient, body: ArticlePost) =>
    (await api.request<Article>({ method: "POST", path: "/articles", body })).data,
  update: async (api: ApiClient, articleID: number, body: ArticlePatch) =>
    (await api.request<Article>({ method: "PATCH", path: `/articles/${articleID}`, body })).data,
  setStatus: async (api: ApiClient, articleID: number, status: ArticleStatus) =>
    (await api.request<Article>({ method: "PATCH", path: `/articles/${articleID}/status`, body: { status } })).data,
  setFeatured: async (api: ApiClient, articleID: number, featured: boolean) =>
    (await api.request<Article>({ method: "PUT", path: `/articles/${articleID}/featured`, body: { featured } })).data,
  /** "Was this article helpful?": the answer the signed-in member gives. */
  react: async (api: ApiClient, articleID: number, helpful: ArticleReact["helpful"]) => {
    await api.request<unknown>({ method: "POST", path: `/articles/${articleID}/react`, body: { helpful } });
  },
};
