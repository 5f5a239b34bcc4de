import type {
  PostField,
  PostFieldPatch,
  PostFieldPost,
  PostType,
  PostTypePatch,
  PostTypePost,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The dashboard's writes of post types and post fields (site.manage): loaded with its pages only. */
export const postTypesWriteApi = {
  create: async (api: ApiClient, body: PostTypePost) =>
    (await api.request<PostType>({ method: "POST", path: "/post-types", body })).data,
  patch: async (api: ApiClient, postTypeID: string, body: PostTypePatch) =>
    (await api.request<PostType>({ method: "PATCH", path: path("/post-types", postTypeID), body })).data,
  remove: async (api: ApiClient, postTypeID: string) =>
    void (await api.request({ method: "DELETE", path: path("/post-types", postTypeID) })),
  createField: async (api: ApiClient, body: PostFieldPost) =>
    (await api.request<PostField>({ method: "POST", path: "/post-fields", body })).data,
  patchField: async (api: ApiClient, postFieldID: string, body: PostFieldPatch) =>
    (await api.request<PostField>({ method: "PATCH", path: path("/post-fields", postFieldID), body })).data,
  removeField: async (api: ApiClient, postFieldID: string) =>
    void (await api.request({ method: "DELETE", path: path("/post-fields", postFieldID) })),
};
