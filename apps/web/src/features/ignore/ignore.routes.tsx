import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "../../lib/query.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { useApi } from "../../lib/api-context.tsx";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { meQuery, requireMember } from "../users/index.ts";
import { ignoreAction } from "./ignore.action.ts";
import { ignoredUsersQuery } from "./ignore.queries.ts";
import { IgnoredPage } from "./pages/IgnoredPage.tsx";

function IgnoredRoute() {
  const { data: me } = useQuery(meQuery(useApi()));
  return <IgnoredPage userID={me?.userID ?? 0} />;
}

/** `/profile/ignored`: the member's ignored members (members only; a guest is sent to sign in). */
export function createIgnoreRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "ignored",
      path: "profile/ignored",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        await loadOrThrow("Ignored Members", () => queryClient.ensureQueryData(ignoredUsersQuery(api, me.userID)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireMember(queryClient, api, request);
        return ignoreAction(await request.formData(), { queryClient, api });
      },
      element: <IgnoredRoute />,
    },
  ];
}
