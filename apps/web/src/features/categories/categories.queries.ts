import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { categoriesApi, type CategoryListParams } from "./categories.api.ts";

/** Query keys of the categories feature: one factory, so invalidation hits every list. */
export const categoryKeys = {
  all: ["categories"] as const,
  lists: () => [...categoryKeys.all, "list"] as const,
  list: (params: CategoryListParams) => [...categoryKeys.lists(), params] as const,
  details: () => [...categoryKeys.all, "detail"] as const,
  detail: (idOrCode: string | number) => [...categoryKeys.details(), String(idOrCode)] as const,
};

export const categoryListQuery = (api: ApiClient, params: CategoryListParams) =>
  queryOptions({
    queryKey: categoryKeys.list(params),
    queryFn: async ({ signal }) => (await categoriesApi.list(api, params, signal)).data,
  });

export const categoryQuery = (api: ApiClient, idOrCode: string | number) =>
  queryOptions({
    queryKey: categoryKeys.detail(idOrCode),
    queryFn: async ({ signal }) => (await categoriesApi.get(api, idOrCode, signal)).data,
  });
