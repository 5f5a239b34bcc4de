import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requireMember } from "../users/index.ts";
import { loadProfileFieldsForm } from "../profile-fields/index.ts";
import { profileEditAction } from "./profile-edit.action.ts";
import { profileEditQuery } from "./profile-edit.queries.ts";
import { ProfileEditPage } from "./pages/ProfileEditPage.tsx";

/** `/profile/edit`: the member's own profile form (members only; a guest is sent to sign in). */
export function createProfileEditRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  return [
    {
      id: "profile-edit",
      path: "profile/edit",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        await loadOrThrow("User", () =>
          Promise.all([
            queryClient.ensureQueryData(profileEditQuery(api, me.userID)),
            // The custom profile fields' definitions and the member's values (their own fieldset in the form).
            loadProfileFieldsForm(queryClient, api, me.userID),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const me = await requireMember(queryClient, api, request);
        return profileEditAction(await request.formData(), me, { queryClient, api });
      },
      element: <ProfileEditPage />,
    },
  ];
}
