import type {
  KnowledgeBase,
  KnowledgeBasePatch,
  KnowledgeBasePost,
  KnowledgeCategory,
  KnowledgeCategoryPatch,
  KnowledgeCategoryPost,
  KnowledgeNavigationPatch,
} from "@parley/contracts";
import { knowledgeRules } from "@parley/contracts/knowledge-constants";
import { ApiError, type ApiClient } from "../../lib/api.ts";

/**
 * The knowledge base's upkeep for the dashboard: the bases (site.manage) and their categories (articles.add).
 * Apart from knowledgeApi, so the readers' chunk does not carry it.
 */
export const knowledgeDashboardApi = {
  /**
   * Every base, published and deleted. The API lists the deleted ones to article writers (articles.add) only: a
   * site manager without it sees the published ones.
   */
  bases: async (api: ApiClient, signal?: AbortSignal) => {
    const list = (status: string) => api.get<KnowledgeBase[]>("/knowledge-bases", { status }, signal);
    const [published, deleted] = await Promise.all([
      list("published"),
      list("deleted").catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return { data: [] };
        throw error;
      }),
    ]);
    return [...published.data, ...deleted.data];
  },
  base: async (api: ApiClient, knowledgeBaseID: number, signal?: AbortSignal) =>
    (await api.get<KnowledgeBase>(`/knowledge-bases/${knowledgeBaseID}`, {}, signal)).data,
  createBase: async (api: ApiClient, body: KnowledgeBasePost) =>
    (await api.request<KnowledgeBase>({ method: "POST", path: "/knowledge-bases", body })).data,
  updateBase: async (api: ApiClient, knowledgeBaseID: number, body: KnowledgeBasePatch) =>
    (await api.request<KnowledgeBase>({ method: "PATCH", path: `/knowledge-bases/${knowledgeBaseID}`, body })).data,
  removeBase: async (api: ApiClient, knowledgeBaseID: number) => {
    await api.request({ method: "DELETE", path: `/knowledge-bases/${knowledgeBaseID}` });
  },
  /** Every category of a base, its root among them. */
  categories: async (api: ApiClient, knowledgeBaseID: number, signal?: AbortSignal) =>
    (
      await api.get<KnowledgeCategory[]>(
        "/knowledge-categories",
        { knowledgeBaseID, limit: knowledgeRules.maxLimit },
        signal,
      )
    ).data,
  createCategory: async (api: ApiClient, body: KnowledgeCategoryPost) =>
    (await api.request<KnowledgeCategory>({ method: "POST", path: "/knowledge-categories", body })).data,
  updateCategory: async (api: ApiClient, knowledgeCategoryID: number, body: KnowledgeCategoryPatch) =>
    (
      await api.request<KnowledgeCategory>({
        method: "PATCH",
        path: `/knowledge-categories/${knowledgeCategoryID}`,
        body,
      })
    ).data,
  /** Places several categories at once (new parent and `sort`), in one transaction on the server. */
  reorder: async (api: ApiClient, knowledgeBaseID: number, body: KnowledgeNavigationPatch) => {
    await api.request({ method: "PATCH", path: `/knowledge-bases/${knowledgeBaseID}/navigation-flat`, body });
  },
  removeCategory: async (api: ApiClient, knowledgeCategoryID: number) => {
    await api.request({ method: "DELETE", path: `/knowledge-categories/${knowledgeCategoryID}` });
  },
};
