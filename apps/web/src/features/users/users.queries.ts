import type { Me, OnlineUsers } from "@parley/contracts";
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { data, redirect } from "react-router";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import type { RouteErrorData } from "../../lib/route-errors.ts";
import { entryLink } from "../../lib/targets.ts";
import { usersApi } from "./users.api.ts";

export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "me"] as const,
  online: (limit: number) => [...userKeys.all, "online", limit] as const,
};

/** Who's online (`GET /users/online`); null while the `online` add-on is off (the API's 403). */
export const onlineQuery = (api: ApiClient, limit: number) =>
  queryOptions({
    queryKey: userKeys.online(limit),
    queryFn: async ({ signal }): Promise<OnlineUsers | null> => {
      try {
        return await usersApi.online(api, limit, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
  });

/** The session's user (userID 0 for a guest), loaded by the root route for every page. */
export const meQuery = (api: ApiClient) =>
  queryOptions({ queryKey: userKeys.me(), queryFn: ({ signal }) => usersApi.me(api, signal) });

/** For a member-only page's loader: the member, or (a guest) a redirect to sign in and come back. */
export async function requireMember(queryClient: QueryClient, api: ApiClient, request: Request): Promise<Me> {
  const me = await queryClient.ensureQueryData(meQuery(api));
  if (me.userID === 0) throw redirect(entryLink("/entry/signin", new URL(request.url)));
  return me;
}

/**
 * For the loader and action of a page that needs a permission (the dashboard's): the member who holds it; a
 * guest is sent to sign in, and a member without it gets the spec's 403 page, naming what it is about.
 */
export async function requirePermitted(
  queryClient: QueryClient,
  api: ApiClient,
  request: Request,
  can: (me: Me) => boolean,
  type: string,
): Promise<Me> {
  const me = await requireMember(queryClient, api, request);
  if (!can(me)) throw data<RouteErrorData>({ type }, { status: 403 });
  return me;
}
