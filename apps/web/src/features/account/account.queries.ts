import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { accountApi } from "./account.api.ts";

export const accountKeys = {
  all: ["account"] as const,
  sessions: (userID: number) => [...accountKeys.all, "sessions", userID] as const,
  emailChange: (userID: number) => [...accountKeys.all, "emailChange", userID] as const,
  tokens: (userID: number) => [...accountKeys.all, "tokens", userID] as const,
  twoFactor: (userID: number) => [...accountKeys.all, "twoFactor", userID] as const,
};

/** The member's own sessions that have not expired, the last used first (the one asking marked `isCurrent`). */
export const sessionsQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: accountKeys.sessions(userID),
    queryFn: ({ signal }) => accountApi.sessions(api, userID, signal),
  });

/** The change of e-mail address waiting for its confirmation, if any. */
export const emailChangeQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: accountKeys.emailChange(userID),
    queryFn: ({ signal }) => accountApi.emailChange(api, userID, signal),
  });

/** The member's personal access tokens (their values are never listed). */
export const tokensQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: accountKeys.tokens(userID),
    queryFn: ({ signal }) => accountApi.tokens(api, signal),
  });

/** The member's two-factor state (the key only while a setup waits for its first code). */
export const twoFactorQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: accountKeys.twoFactor(userID),
    queryFn: ({ signal }) => accountApi.twoFactor(api, signal),
  });
