import type {
  AccessToken,
  EmailChangeConfirmed,
  EmailChangeState,
  TwoFactorRecoveryCodes,
  TwoFactorState,
  User,
  UserSession,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

const emailChangePath = (userID: number) => `/users/${userID}/email-change`;

/**
 * The account page's calls: `PATCH /users/{id}` for a new password, `/sessions` for the member's own,
 * `/users/{id}/email-change` for a new address, `/tokens` for personal access tokens.
 */
export const accountApi = {
  changePassword: (api: ApiClient, userID: number, body: { password: string; passwordConfirmation: string }) =>
    api.request<User>({ method: "PATCH", path: `/users/${userID}`, body }),
  sessions: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<UserSession[]>("/sessions", { userID, filter: "valid" }, signal)).data,
  signOutSession: (api: ApiClient, userID: number, sessionID: string) =>
    api.request<null>({ method: "DELETE", path: "/sessions", query: { userID, sessionID } }),

  emailChange: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<EmailChangeState>(emailChangePath(userID), undefined, signal)).data,
  requestEmailChange: (api: ApiClient, userID: number, body: { email: string; passwordConfirmation: string }) =>
    api.request<EmailChangeState>({ method: "POST", path: emailChangePath(userID), body }),
  resendEmailChange: (api: ApiClient, userID: number) =>
    api.request<EmailChangeState>({ method: "POST", path: `${emailChangePath(userID)}/resend`, body: {} }),
  cancelEmailChange: (api: ApiClient, userID: number) =>
    api.request<null>({ method: "DELETE", path: emailChangePath(userID) }),
  confirmEmailChange: (api: ApiClient, token: string) =>
    api.request<EmailChangeConfirmed>({ method: "POST", path: "/users/email-change/confirm", body: { token } }),

  tokens: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<AccessToken[]>("/tokens", undefined, signal)).data,
  createToken: (api: ApiClient, name: string) =>
    api.request<AccessToken>({ method: "POST", path: "/tokens", body: { name } }),
  revokeToken: (api: ApiClient, accessTokenID: number) =>
    api.request<null>({ method: "DELETE", path: `/tokens/${accessTokenID}` }),

  twoFactor: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<TwoFactorState>("/users/me/two-factor", undefined, signal)).data,
  startTwoFactor: (api: ApiClient) =>
    api.request<TwoFactorState>({ method: "POST", path: "/users/me/two-factor/setup", body: {} }),
  enableTwoFactor: (api: ApiClient, code: string) =>
    api.request<TwoFactorRecoveryCodes>({ method: "POST", path: "/users/me/two-factor/enable", body: { code } }),
  newRecoveryCodes: (api: ApiClient, body: { password?: string; code?: string }) =>
    api.request<TwoFactorRecoveryCodes>({ method: "POST", path: "/users/me/two-factor/recovery-codes", body }),
  disableTwoFactor: (api: ApiClient, body: { password?: string; code?: string }) =>
    api.request<null>({ method: "POST", path: "/users/me/two-factor/disable", body }),
};
