import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requireMember } from "../users/index.ts";
import { accountAction } from "./account.action.ts";
import { emailChangeQuery, sessionsQuery, tokensQuery, twoFactorQuery } from "./account.queries.ts";
import { twoFactorAction } from "./two-factor.action.ts";
import { TwoFactorSettingsPage } from "./pages/TwoFactorSettingsPage.tsx";
import { confirmEmailChange } from "./email-change.action.ts";
import { AccountPage } from "./pages/AccountPage.tsx";
import { EmailChangePage } from "./pages/EmailChangePage.tsx";

/**
 * `/profile/account`: the member's password, e-mail address, sessions and access tokens (members only; a guest is
 * sent to sign in); `/entry/emailchange/{token}`: the link sent to a new address (a button, then a post).
 */
export function createAccountRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "account",
      path: "profile/account",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        await loadOrThrow("Account", () =>
          Promise.all([
            queryClient.ensureQueryData(sessionsQuery(api, me.userID)),
            queryClient.ensureQueryData(emailChangeQuery(api, me.userID)),
            queryClient.ensureQueryData(tokensQuery(api, me.userID)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        return accountAction(await request.formData(), me, { queryClient, api });
      },
      element: <AccountPage />,
    },
    {
      id: "two-factor",
      path: "profile/two-factor",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        await loadOrThrow("Two-Factor Authentication", () =>
          queryClient.ensureQueryData(twoFactorQuery(api, me.userID)),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        return twoFactorAction(await request.formData(), me, { queryClient, api });
      },
      element: <TwoFactorSettingsPage />,
    },
    {
      id: "email-change",
      path: "entry/emailchange/:token",
      // Following the link changes nothing (mail scanners and prefetchers follow links): the button posts.
      action: async ({ request, params }: ActionFunctionArgs) =>
        confirmEmailChange(await request.formData(), params["token"] ?? "", { queryClient, api }),
      element: <EmailChangePage />,
    },
  ];
}
