import type {
  ProfileField,
  ProfileFieldPatch,
  ProfileFieldPost,
  ProfileFieldSorts,
  UserProfileFields,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Custom profile fields (dashboard-profile-fields.yml): the definitions, and a member's values. */
export const profileFieldsApi = {
  list: async (api: ApiClient, query: { enabled?: boolean } = {}, signal?: AbortSignal) =>
    (await api.get<ProfileField[]>("/profile-fields", query, signal)).data,
  create: async (api: ApiClient, body: ProfileFieldPost) =>
    (await api.request<ProfileField>({ method: "POST", path: "/profile-fields", body })).data,
  patch: async (api: ApiClient, apiName: string, body: ProfileFieldPatch) =>
    (
      await api.request<ProfileField>({
        method: "PATCH",
        path: `/profile-fields/${encodeURIComponent(apiName)}`,
        body,
      })
    ).data,
  remove: async (api: ApiClient, apiName: string) =>
    void (await api.request({ method: "DELETE", path: `/profile-fields/${encodeURIComponent(apiName)}` })),
  sort: async (api: ApiClient, sorts: ProfileFieldSorts) =>
    (await api.request<ProfileField[]>({ method: "PUT", path: "/profile-fields/sorts", body: sorts })).data,
  /** Sets a member's values: the server checks each against its field (a 422 names the wrong ones). */
  patchValues: async (api: ApiClient, userID: number, body: Record<string, unknown>) =>
    (await api.request<UserProfileFields>({ method: "PATCH", path: `/users/${userID}/profile-fields`, body })).data,
};
