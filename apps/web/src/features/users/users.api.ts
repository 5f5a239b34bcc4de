import type { Me, OnlineUsers } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** What every page may ask: who is online, who is signed in, and the e-mail confirmation link's call. */
export const usersApi = {
  online: async (api: ApiClient, limit: number, signal?: AbortSignal) =>
    (await api.get<OnlineUsers>("/users/online", { limit }, signal)).data,
  me: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Me>("/users/me", undefined, signal)).data,
  confirmEmail: (api: ApiClient, userID: string, confirmationCode: string) =>
    api.request<{ userID: number; emailConfirmed: boolean }>({
      method: "POST",
      path: `/users/${encodeURIComponent(userID)}/confirm-email`,
      body: { confirmationCode },
    }),
};
