import type {
  Authenticator,
  AuthenticatorPatch,
  AuthenticatorPost,
  ConnectBody,
  OAuth2Authenticator,
  OAuth2AuthenticatorPatch,
  OAuth2AuthenticatorPost,
  PendingConnection,
  SignInButton,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** `/authenticators` (site managers), its sign-in buttons (anyone) and the connect page's calls. */
export const authenticatorsApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Authenticator[]>("/authenticators", {}, signal)).data,
  add: async (api: ApiClient, body: AuthenticatorPost) =>
    (await api.request<Authenticator>({ method: "POST", path: "/authenticators", body })).data,
  update: async (api: ApiClient, authenticatorID: number, body: AuthenticatorPatch) =>
    (await api.request<Authenticator>({ method: "PATCH", path: `/authenticators/${authenticatorID}`, body })).data,
  remove: async (api: ApiClient, authenticatorID: number) => {
    await api.request({ method: "DELETE", path: `/authenticators/${authenticatorID}` });
  },
  oauth2: async (api: ApiClient, authenticatorID: number, signal?: AbortSignal) =>
    (await api.get<OAuth2Authenticator>(`/authenticators/oauth2/${authenticatorID}`, {}, signal)).data,
  addOAuth2: async (api: ApiClient, body: OAuth2AuthenticatorPost) =>
    (await api.request<OAuth2Authenticator>({ method: "POST", path: "/authenticators/oauth2", body })).data,
  updateOAuth2: async (api: ApiClient, authenticatorID: number, body: OAuth2AuthenticatorPatch) =>
    (
      await api.request<OAuth2Authenticator>({
        method: "PATCH",
        path: `/authenticators/oauth2/${authenticatorID}`,
        body,
      })
    ).data,
  buttons: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<SignInButton[]>("/authenticators/sign-in-buttons", {}, signal)).data,
  connection: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<PendingConnection>("/authenticators/connection", {}, signal)).data,
  connect: async (api: ApiClient, body: ConnectBody) =>
    (
      await api.request<{ userID: number; target: string }>({
        method: "POST",
        path: "/authenticators/connection",
        body,
      })
    ).data,
};
