import type { QueryClient } from "@tanstack/react-query";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { reportsApi } from "./reports.api.ts";
import { premoderationQuery, reportKeys, reportListQuery, reportReasonsQuery, waitingKeys } from "./reports.queries.ts";
import { canManageReasons, readPremoderationSearch, readReportsSearch, reportReasonID } from "./reports.urls.ts";
import { canModeratePending, premoderationPagePath } from "./reports.links.ts";
import { PremoderationPage } from "./pages/PremoderationPage.tsx";
import { ReportReasonsPage } from "./pages/ReportReasonsPage.tsx";
import { ReportsPage } from "./pages/ReportsPage.tsx";
import { requirePermitted } from "../users/index.ts";

/**
 * `/dashboard/content/reports`: the report queue and a post's reports, for moderators
 * (community.moderate: the API answers others 403, and so does the page). Dismiss and delete the
 * post are form posts, so they work without JavaScript.
 */
export function createReportRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  /** The reasons are managed with community.manage (the API answers others 403, and so does the page). */
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageReasons, "Report Reasons");
  /** The premoderation queue: moderators (the API checks each post's place again). */
  const requireModerator = (request: Request) =>
    requirePermitted(queryClient, api, request, canModeratePending, "Premoderation");
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
          // The navigation's waiting counts, on screen beside the queue: fetched again now.
          void queryClient.invalidateQueries({ queryKey: waitingKeys.all });
        }
      },
      element: <ReportsPage />,
    },
    {
      id: "premoderation",
      path: premoderationPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireModerator(request);
        const params = readPremoderationSearch(new URL(request.url).searchParams);
        if (params === null) throw notFoundError();
        const list = await loadOrThrow("Premoderation", () =>
          queryClient.ensureQueryData(premoderationQuery(api, params)),
        );
        if (params.page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireModerator(request);
        const form = await request.formData();
        const [verb, one] = formValue(form, "intent").split(":");
        const ids = (one !== undefined ? [one] : form.getAll("reportID"))
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0);
        const approve = verb === "approve" || verb === "approveSelected";
        if (!ids.length)
          return { ok: false, message: t("Select the posts to approve or reject first.") } satisfies FormResult;
        try {
          // One at a time, so each post is written (or discarded) with its own checks and notification.
          for (const id of ids) {
            if (approve) await reportsApi.approveRecord(api, id);
            else await reportsApi.rejectRecord(api, id);
          }
          const message = approve
            ? ids.length === 1
              ? t("The post has been approved.")
              : t("{count} posts have been approved.", { count: ids.length })
            : ids.length === 1
              ? t("The post has been rejected.")
              : t("{count} posts have been rejected.", { count: ids.length });
          return { ok: true, message } satisfies FormResult;
        } catch (error) {
          return formError(error, {});
        } finally {
          queryClient.removeQueries({ queryKey: reportKeys.all });
          // The navigation's waiting counts, on screen beside the queue: fetched again now.
          void queryClient.invalidateQueries({ queryKey: waitingKeys.all });
        }
      },
      element: <PremoderationPage />,
    },
    {
      id: "report-reasons",
      path: "dashboard/settings/report-reasons",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Report Reasons", () => queryClient.ensureQueryData(reportReasonsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const id = formValue(form, "reportReasonID");
        const values = { name: formValue(form, "name").trim(), description: formValue(form, "description").trim() };
        try {
          if (intent === "add") {
            const reasons = await queryClient.ensureQueryData(reportReasonsQuery(api));
            const taken = new Set(reasons.map((reason) => reason.reportReasonID));
            await reportsApi.createReason(api, {
              reportReasonID: reportReasonID(values.name, taken),
              ...values,
              roleIDs: [],
            });
            return { ok: true, message: t("The reason has been added.") } satisfies FormResult;
          }
          if (intent === "edit" && id) {
            await reportsApi.updateReason(api, id, values);
            return { ok: true, message: t("The reason has been saved.") } satisfies FormResult;
          }
          if (intent === "delete" && id) {
            await reportsApi.deleteReason(api, id);
            return { ok: true, message: t("The reason has been deleted.") } satisfies FormResult;
          }
          return null;
        } catch (error) {
          return formError(error, { ...values, intent, reportReasonID: id });
        } finally {
          queryClient.removeQueries({ queryKey: reportKeys.reasons() });
        }
      },
      element: <ReportReasonsPage />,
    },
  ];
}
