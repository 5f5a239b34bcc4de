import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { authenticatorsApi } from "./authenticators.api.ts";

export const authenticatorKeys = {
  all: ["authenticators"] as const,
  list: () => [...authenticatorKeys.all, "list"] as const,
  oauth2: (authenticatorID: number) => [...authenticatorKeys.all, "oauth2", authenticatorID] as const,
  buttons: () => [...authenticatorKeys.all, "buttons"] as const,
  connection: () => [...authenticatorKeys.all, "connection"] as const,
};

export const authenticatorsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: authenticatorKeys.list(), queryFn: ({ signal }) => authenticatorsApi.list(api, signal) });

/** One OAuth 2 authenticator's own record: its addresses and profile keys (its edit form). */
export const oauth2AuthenticatorQuery = (api: ApiClient, authenticatorID: number) =>
  queryOptions({
    queryKey: authenticatorKeys.oauth2(authenticatorID),
    queryFn: ({ signal }) => authenticatorsApi.oauth2(api, authenticatorID, signal),
  });

/** The sign-in and registration pages' buttons. */
export const signInButtonsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: authenticatorKeys.buttons(),
    queryFn: ({ signal }) => authenticatorsApi.buttons(api, signal),
  });

/** The first sign-in this browser is finishing: read afresh each time the page opens. */
export const connectionQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: authenticatorKeys.connection(),
    queryFn: ({ signal }) => authenticatorsApi.connection(api, signal),
    staleTime: 0,
  });

/** Who keeps the authenticators (site.manage; the server checks again). */
export const canManageAuthenticators = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
