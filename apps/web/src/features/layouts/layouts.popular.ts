import { queryOptions } from "@tanstack/react-query";
import type { Tag } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** A panel's "Popular Tags": the `limit` most used tags. */
export const popularTagsQuery = (api: ApiClient, limit: number) =>
  queryOptions({
    queryKey: ["popular-tags", limit] as const,
    queryFn: async ({ signal }) => (await api.get<Tag[]>("/tags", { page: 1, limit }, signal)).data,
  });
