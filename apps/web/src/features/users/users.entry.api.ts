import type { RegisterBody, SignOutResult } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Signing in and out, registering and passwords: the entry pages' calls (loaded with those pages). */
export const entryApi = {
  /** 201 signed in; for an account with two-factor on, 202 `{twoFactorRequired}` and the code step next. */
  signIn: (api: ApiClient, body: { username: string; password: string; persist: boolean; transientKey?: string }) =>
    api.request<{ userID: number; transientKey: string } | { twoFactorRequired: true; dateExpires: string }>({
      method: "POST",
      path: "/authenticate/password",
      body,
    }),
  signInWithCode: (api: ApiClient, body: { code: string; remember: boolean }) =>
    api.request<{ userID: number; transientKey: string }>({ method: "POST", path: "/authenticate/two-factor", body }),
  /** 204 signed out; 200 `{signOutUrl}` when the provider the member signed in with signs them out too. */
  signOut: (api: ApiClient, transientKey?: string) =>
    api.request<SignOutResult | null>({
      method: "DELETE",
      path: "/authenticate",
      ...(transientKey ? { body: { transientKey } } : {}),
    }),
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
  resendConfirmation: (api: ApiClient, transientKey?: string) =>
    api.request<{ message: string }>({
      method: "POST",
      path: "/users/me/send-confirm-email",
      body: transientKey ? { transientKey } : {},
    }),
};
