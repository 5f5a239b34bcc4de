import type { User, UserSession } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The account page's calls: `PATCH /users/{id}` for a new password, `/sessions` for the member's own. */
export const accountApi = {
  changePassword: (api: ApiClient, userID: number, body: { password: string; passwordConfirmation: string }) =>
    api.request<User>({ method: "PATCH", path: `/users/${userID}`, body }),
  sessions: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<UserSession[]>("/sessions", { userID, filter: "valid" }, signal)).data,
  signOutSession: (api: ApiClient, userID: number, sessionID: string) =>
    api.request<null>({ method: "DELETE", path: "/sessions", query: { userID, sessionID } }),
};
