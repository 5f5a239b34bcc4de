import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requireMember } from "../users/index.ts";
import { accountAction } from "./account.action.ts";
import { sessionsQuery } from "./account.queries.ts";
import { AccountPage } from "./pages/AccountPage.tsx";

/** `/profile/account`: the member's password and sessions (members only; a guest is sent to sign in). */
export function createAccountRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "account",
      path: "profile/account",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        await loadOrThrow("Account", () => queryClient.ensureQueryData(sessionsQuery(api, me.userID)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        return accountAction(await request.formData(), me, { queryClient, api });
      },
      element: <AccountPage />,
    },
  ];
}
