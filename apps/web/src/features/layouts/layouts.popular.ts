import { queryOptions } from "@tanstack/react-query";
import type { Tag } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** A panel's "Popular Tags": the `limit` most used tags; in a subcommunity (`siteSectionID`), its categories'. */
export const popularTagsQuery = (api: ApiClient, limit: number, siteSectionID?: string) =>
  queryOptions({
    queryKey: ["popular-tags", limit, ...(siteSectionID ? [siteSectionID] : [])] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Tag[]>("/tags", { page: 1, limit, ...(siteSectionID ? { siteSectionID } : {}) }, signal)).data,
  });
