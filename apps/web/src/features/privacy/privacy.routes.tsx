import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { analyticsPrivacyQuery } from "../analytics/index.ts";
import { requireMember } from "../users/index.ts";
import { privacyAction } from "./privacy.action.ts";
import { exportsQuery, privacySettingsQuery, privacyUserQuery } from "./privacy.queries.ts";
import { PrivacyPage } from "./pages/PrivacyPage.tsx";

/**
 * `/profile/privacy`: the member's privacy switches, leaving their visits out of the site's analytics, their data,
 * deleting the account (members only).
 */
export function createPrivacyRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "privacy",
      path: "profile/privacy",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        await loadOrThrow("Privacy", () =>
          Promise.all([
            queryClient.ensureQueryData(privacyUserQuery(api, me.userID)),
            queryClient.ensureQueryData(privacySettingsQuery(api)),
            queryClient.ensureQueryData(exportsQuery(api, me.userID)),
            queryClient.ensureQueryData(analyticsPrivacyQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        return privacyAction(await request.formData(), me, { queryClient, api });
      },
      element: <PrivacyPage />,
    },
  ];
}
