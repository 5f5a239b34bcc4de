import type { IgnoredUser } from "@parley/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";

export const ignoreKeys = {
  all: ["ignore"] as const,
  list: (userID: number) => [...ignoreKeys.all, "list", userID] as const,
  state: (userID: number, ignoredUserID: number) => [...ignoreKeys.all, "state", userID, ignoredUserID] as const,
};

/**
 * The members a member ignores (their posts collapse for them). On every member's discussion page: its
 * call is here rather than in ignore.api.ts, whose writes the reading pages need not carry.
 */
export const ignoredUsersQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: ignoreKeys.list(userID),
    queryFn: async ({ signal }) => (await api.get<IgnoredUser[]>(`/users/${userID}/ignored`, undefined, signal)).data,
  });
