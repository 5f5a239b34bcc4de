import type { PostField, PostType } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Post types and post fields as read (post-types.yml, post-fields.yml); the dashboard's writes are apart. */
export const postTypesApi = {
  list: async (api: ApiClient, query: { expand?: string[] } = {}, signal?: AbortSignal) =>
    (await api.get<PostType[]>("/post-types", query, signal)).data,
  fields: async (api: ApiClient, query: { postTypeID?: string } = {}, signal?: AbortSignal) =>
    (await api.get<PostField[]>("/post-fields", query, signal)).data,
};
