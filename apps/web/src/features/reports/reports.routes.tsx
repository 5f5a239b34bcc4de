import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { reportsApi } from "./reports.api.ts";
import { reportKeys, reportListQuery } from "./reports.queries.ts";
import { readReportsSearch } from "./reports.urls.ts";
import { ReportsPage } from "./pages/ReportsPage.tsx";

/**
 * `/dashboard/content/reports`: the report queue and a post's reports, for moderators
 * (community.moderate: the API answers others 403, and so does the page). Dismiss and delete the
 * post are form posts, so they work without JavaScript.
 */
export function createReportRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "reports",
      path: "dashboard/content/reports",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const params = readReportsSearch(new URL(request.url).searchParams);
        if (params === null) throw notFoundError();
        const list = await loadOrThrow("Reports", () => queryClient.ensureQueryData(reportListQuery(api, params)));
        if (params.page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const reportID = Number(formValue(form, "reportID"));
        if (!Number.isInteger(reportID) || reportID <= 0) return null;
        try {
          if (intent === "dismiss") {
            await reportsApi.dismiss(api, reportID);
            return { ok: true, message: t("The report has been dismissed.") } satisfies FormResult;
          }
          if (intent === "rejectRecord") {
            await reportsApi.rejectRecord(api, reportID);
            return { ok: true, message: t("The post has been deleted.") } satisfies FormResult;
          }
          return null;
        } catch (error) {
          return formError(error, {});
        } finally {
          queryClient.removeQueries({ queryKey: reportKeys.all });
        }
      },
      element: <ReportsPage />,
    },
  ];
}
