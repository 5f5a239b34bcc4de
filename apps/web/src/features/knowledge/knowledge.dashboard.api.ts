import type {
  KnowledgeBase,
  KnowledgeBasePatch,
  KnowledgeBasePost,
  KnowledgeCategory,
  KnowledgeCategoryPatch,
  KnowledgeCategoryPost,
} from "@parley/contracts";
import { knowledgeRules } from "@parley/contracts/knowledge-constants";
import type { ApiClient } from "../../lib/api.ts";

/**
 * The knowledge base's upkeep for the dashboard: the bases (site.manage) and their categories (articles.add).
 * Apart from knowledgeApi, so the readers' chunk does not carry it.
 */
export const knowledgeDashboardApi = {
  /** Every base, published and deleted (the deleted ones are listed to article writers only). */
  bases: async (api: ApiClient, signal?: AbortSignal) => {
    const [published, deleted] = await Promise.all(
      (["published", "deleted"] as const).map(
        async (status) => (await api.get<KnowledgeBase[]>("/knowledge-bases", { status }, signal)).data,
      ),
    );
    return [...published!, ...deleted!];
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
  removeCategory: async (api: ApiClient, knowledgeCategoryID: number) => {
    await api.request({ method: "DELETE", path: `/knowledge-categories/${knowledgeCategoryID}` });
  },
};
