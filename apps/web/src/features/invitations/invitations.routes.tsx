import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { invitationsApi } from "./invitations.api.ts";
import { invitationsPagePath } from "./invitations.path.ts";
import { canInvite, invitationAllowanceQuery, invitationKeys, invitationsQuery } from "./invitations.queries.ts";
import { InvitationsPage } from "./pages/InvitationsPage.tsx";

/** `/dashboard/users/invitations` (users.add): invite an address, revoke an invitation. Plain form posts. */
export function createInvitationsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireInviter = (request: Request) => requirePermitted(queryClient, api, request, canInvite, "Invitations");
  return [
    {
      id: "invitations",
      path: invitationsPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireInviter(request);
        await loadOrThrow("Invitations", () =>
          Promise.all([
            queryClient.ensureQueryData(invitationsQuery(api)),
            queryClient.ensureQueryData(invitationAllowanceQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireInviter(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const email = formValue(form, "email").trim();
        try {
          if (intent === "revoke") {
            await invitationsApi.revoke(api, Number(formValue(form, "invitationID")));
            return { ok: true, message: t("The invitation to {email} is revoked.", { email }) } satisfies FormResult;
          }
          if (!email) return formInvalid({ email: t("Enter an e-mail address.") }, { email });
          const sent = await invitationsApi.invite(api, { email });
          return { ok: true, message: t("An invitation is on its way to {email}.", { email: sent.email }) };
        } catch (error) {
          return formError(error, { email });
        } finally {
          await queryClient.invalidateQueries({ queryKey: invitationKeys.all });
        }
      },
      element: <InvitationsPage />,
    },
  ];
}
