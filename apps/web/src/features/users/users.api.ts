import type { Me, OnlineUsers, RegisterBody } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export const usersApi = {
  online: async (api: ApiClient, limit: number, signal?: AbortSignal) =>
    (await api.get<OnlineUsers>("/users/online", { limit }, signal)).data,
  me: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Me>("/users/me", undefined, signal)).data,
  signIn: (api: ApiClient, body: { username: string; password: string; persist: boolean; transientKey?: string }) =>
    api.request<{ userID: number; transientKey: string }>({ method: "POST", path: "/authenticate/password", body }),
  signOut: (api: ApiClient, transientKey?: string) =>
    api.request<null>({ method: "DELETE", path: "/authenticate", ...(transientKey ? { body: { transientKey } } : {}) }),
  register: (api: ApiClient, body: RegisterBody) =>
    api.request<{ userID: number; name: string; email: string; pendingApproval?: boolean }>({
      method: "POST",
      path: "/users/register",
      body,
    }),
  requestPassword: (api: ApiClient, email: string) =>
    api.request<{ message: string }>({ method: "POST", path: "/users/request-password", body: { email } }),
  resetPassword: (api: ApiClient, token: string, password: string) =>
    api.request<{ userID: number }>({ method: "POST", path: "/users/password-reset", body: { token, password } }),
  confirmEmail: (api: ApiClient, userID: string, confirmationCode: string) =>
    api.request<{ userID: number; emailConfirmed: boolean }>({
      method: "POST",
      path: `/users/${encodeURIComponent(userID)}/confirm-email`,
      body: { confirmationCode },
    }),
  resendConfirmation: (api: ApiClient, transientKey?: string) =>
    api.request<{ message: string }>({
      method: "POST",
      path: "/users/me/send-confirm-email",
      body: transientKey ? { transientKey } : {},
    }),
};
