import type { SelfDeleteResult, SelfDeleteMethod, User, UserExport } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The site's settings the privacy page reads (members may read them). */
export interface PrivacySettings {
  "online.enabled": boolean;
  "account.deleteMethod": SelfDeleteMethod;
  "account.deleteGraceDays": number;
}

const settingKeys = ["online.enabled", "account.deleteMethod", "account.deleteGraceDays"] as const;

/** The privacy page's calls: one's record and its switches, one's data exports, deleting one's account. */
export const privacyApi = {
  user: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<User>(`/users/${userID}`, undefined, signal)).data,
  settings: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<PrivacySettings>("/config", { select: [...settingKeys] }, signal)).data,
  setSwitches: (api: ApiClient, userID: number, body: { private: boolean; hidden?: boolean }) =>
    api.request<User>({ method: "PATCH", path: `/users/${userID}`, body }),
  exports: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<UserExport[]>("/users/me/exports", undefined, signal)).data,
  requestExport: (api: ApiClient) => api.request<UserExport>({ method: "POST", path: "/users/me/export", body: {} }),
  deleteAccount: (api: ApiClient, password: string) =>
    api.request<SelfDeleteResult>({ method: "POST", path: "/users/me/delete", body: { password } }),
};
