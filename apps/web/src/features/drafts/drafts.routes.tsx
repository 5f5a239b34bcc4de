import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { entryLink } from "../../lib/targets.ts";
import { myPendingPostsQuery } from "../reports/index.ts";
import { meQuery } from "../users/index.ts";
import { draftsApi } from "./drafts.api.ts";
import { canScheduleQuery, draftKeys, draftListQuery } from "./drafts.queries.ts";
import { DraftsPage, readDraftsPage } from "./pages/DraftsPage.tsx";

/**
 * A `datetime-local` value (no zone) as an instant: the browser's own offset is posted with it (set
 * after hydration); without JavaScript the time is read as UTC, as the form says.
 */
export function scheduledInstant(local: string, offsetMinutes: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const offset = /^-?\d{1,4}$/.test(offsetMinutes) ? Number(offsetMinutes) : 0;
  return new Date(utc + offset * 60_000).toISOString();
}

/** `/drafts`: the member's drafts and scheduled posts (guests go to sign in). */
export function createDraftRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "drafts",
      path: "drafts",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const me = await queryClient.ensureQueryData(meQuery(api));
        if (me.userID === 0) throw redirect(entryLink("/entry/signin", new URL(request.url)));
        const page = readDraftsPage(new URL(request.url).searchParams);
        if (page === null) throw notFoundError();
        const [list] = await loadOrThrow("Drafts", () =>
          Promise.all([
            queryClient.ensureQueryData(draftListQuery(api, page)),
            queryClient.ensureQueryData(canScheduleQuery(api)),
            // The member's posts awaiting a moderator's approval, listed above the drafts.
            queryClient.prefetchQuery(myPendingPostsQuery(api)),
          ]),
        );
        if (page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const id = Number(formValue(form, "draftID"));
        const values = { draftID: String(id), dateScheduled: formValue(form, "dateScheduled") };
        if (!Number.isInteger(id) || id <= 0) return null;
        try {
          let message: string;
          if (intent === "delete") {
            await draftsApi.remove(api, id);
            message = t("The draft has been deleted.");
          } else if (intent === "cancelSchedule") {
            await draftsApi.cancelSchedule(api, id);
            message = t("The schedule has been cancelled.");
          } else if (intent === "schedule") {
            const when = scheduledInstant(values.dateScheduled, formValue(form, "timezoneOffset"));
            if (!when) return { errors: { [`dateScheduled-${id}`]: t("Choose a date and time.") }, values };
            const status = formValue(form, "draftStatus") === "scheduled" ? "scheduled" : "draft";
            await draftsApi.schedule(api, { draftID: id, draftStatus: status }, when);
            message = t("The post has been scheduled.");
          } else return null;
          return { ok: true, message } satisfies FormResult;
        } catch (error) {
          return formError(error, values, { dateScheduled: `dateScheduled-${id}` });
        } finally {
          // Spec §7: the draft list is refreshed after delete, schedule and cancel-schedule.
          queryClient.removeQueries({ queryKey: draftKeys.all });
        }
      },
      element: <DraftsPage />,
    },
  ];
}
