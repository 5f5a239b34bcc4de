import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { knowledgeDashboardApi } from "./knowledge.dashboard.api.ts";
import { knowledgeDashboardPath } from "./knowledge.dashboard.paths.ts";
/**
 * The knowledge base's keys (`knowledgeKeys.all` of knowledge.queries.ts, which a test holds equal): a write drops
 * what the readers' pages hold too. Not imported from there, so this chunk shares no module with the readers'.
 */
export const knowledgeCachesKey = ["knowledge"] as const;

const knowledgeDashboardKeys = {
  all: [...knowledgeCachesKey, "dashboard"] as const,
  bases: () => [...knowledgeDashboardKeys.all, "bases"] as const,
  base: (knowledgeBaseID: number) => [...knowledgeDashboardKeys.all, "base", knowledgeBaseID] as const,
  categories: (knowledgeBaseID: number) => [...knowledgeDashboardKeys.all, "categories", knowledgeBaseID] as const,
};

export const dashboardBasesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: knowledgeDashboardKeys.bases(),
    queryFn: ({ signal }) => knowledgeDashboardApi.bases(api, signal),
  });

export const dashboardBaseQuery = (api: ApiClient, knowledgeBaseID: number) =>
  queryOptions({
    queryKey: knowledgeDashboardKeys.base(knowledgeBaseID),
    queryFn: ({ signal }) => knowledgeDashboardApi.base(api, knowledgeBaseID, signal),
  });

export const dashboardCategoriesQuery = (api: ApiClient, knowledgeBaseID: number) =>
  queryOptions({
    queryKey: knowledgeDashboardKeys.categories(knowledgeBaseID),
    queryFn: ({ signal }) => knowledgeDashboardApi.categories(api, knowledgeBaseID, signal),
  });

export const newKnowledgeBasePath = `${knowledgeDashboardPath}/add`;
export const knowledgeBaseEditPath = (knowledgeBaseID: number) => `${knowledgeDashboardPath}/${knowledgeBaseID}`;
