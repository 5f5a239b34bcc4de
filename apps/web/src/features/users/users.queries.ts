import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { usersApi } from "./users.api.ts";

export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "me"] as const,
};

/** The session's user (userID 0 for a guest), loaded by the root route for every page. */
export const meQuery = (api: ApiClient) =>
  queryOptions({ queryKey: userKeys.me(), queryFn: ({ signal }) => usersApi.me(api, signal) });
