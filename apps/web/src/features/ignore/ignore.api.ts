import type { IgnoredUser, IgnoreState } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/users/{id}/ignored/{ignoredUserID}`: whether a member is ignored, ignoring them and stopping. */
export const ignoreApi = {
  state: async (api: ApiClient, userID: number, ignoredUserID: number, signal?: AbortSignal) =>
    (await api.get<IgnoreState>(`/users/${userID}/ignored/${ignoredUserID}`, undefined, signal)).data,
  ignore: (api: ApiClient, userID: number, ignoredUserID: number) =>
    api.request<IgnoredUser[]>({ method: "PUT", path: `/users/${userID}/ignored/${ignoredUserID}`, body: {} }),
  unignore: (api: ApiClient, userID: number, ignoredUserID: number) =>
    api.request<null>({ method: "DELETE", path: `/users/${userID}/ignored/${ignoredUserID}` }),
};
