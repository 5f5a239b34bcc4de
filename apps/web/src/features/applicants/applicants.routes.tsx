import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { applicantsApi } from "./applicants.api.ts";
import { applicantKeys, applicantsPageOf, applicantsQuery, canManageApplicants } from "./applicants.queries.ts";
import { ApplicantsPage } from "./pages/ApplicantsPage.tsx";

/**
 * `/dashboard/users/applicants`: the accounts waiting for approval (registration by approval), for holders of
 * applicants.manage. Approve and Decline are form posts, so they work without JavaScript.
 */
export function createApplicantRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageApplicants, "Applicants");
  return [
    {
      id: "applicants",
      path: "dashboard/users/applicants",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        const page = applicantsPageOf(new URL(request.url).searchParams);
        if (page === null) throw notFoundError();
        const list = await loadOrThrow("Applicants", () => queryClient.ensureQueryData(applicantsQuery(api, page)));
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const userID = Number(formValue(form, "userID"));
        const name = formValue(form, "name");
        if (!Number.isInteger(userID) || userID <= 0) return null;
        try {
          if (intent === "approve") {
            await applicantsApi.approve(api, userID);
            return { ok: true, message: t("{name} has been approved.", { name }) } satisfies FormResult;
          }
          if (intent === "decline") {
            await applicantsApi.decline(api, userID);
            return { ok: true, message: t("{name} has been declined.", { name }) } satisfies FormResult;
          }
          return null;
        } catch (error) {
          return formError(error, {});
        } finally {
          queryClient.removeQueries({ queryKey: applicantKeys.all });
        }
      },
      element: <ApplicantsPage />,
    },
  ];
}
