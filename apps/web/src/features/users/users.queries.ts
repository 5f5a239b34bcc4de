import type { Me } from "@parley/contracts";
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { redirect } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { entryLink } from "../../lib/targets.ts";
import { usersApi } from "./users.api.ts";

export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "me"] as const,
};

/** The session's user (userID 0 for a guest), loaded by the root route for every page. */
export const meQuery = (api: ApiClient) =>
  queryOptions({ queryKey: userKeys.me(), queryFn: ({ signal }) => usersApi.me(api, signal) });

/** For a member-only page's loader: the member, or (a guest) a redirect to sign in and come back. */
export async function requireMember(queryClient: QueryClient, api: ApiClient, request: Request): Promise<Me> {
  const me = await queryClient.ensureQueryData(meQuery(api));
  if (me.userID === 0) throw redirect(entryLink("/entry/signin", new URL(request.url)));
  return me;
}
