import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { accountApi } from "./account.api.ts";

export const accountKeys = {
  all: ["account"] as const,
  sessions: (userID: number) => [...accountKeys.all, "sessions", userID] as const,
};

/** The member's own sessions that have not expired, the last used first (the one asking marked `isCurrent`). */
export const sessionsQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: accountKeys.sessions(userID),
    queryFn: ({ signal }) => accountApi.sessions(api, userID, signal),
  });
