import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { discussionKeys, discussionQuery } from "../discussions/index.ts";
import { logApi } from "./log.api.ts";
import { logKeys, logQuery, newerRevisionQuery, readLogFilter } from "./log.queries.ts";
import { LogPage } from "./pages/LogPage.tsx";

/**
 * `/log/filter` (spec §2): a discussion's revision history or its deleted comments, for moderators
 * (the API answers others 403, which the page shows). A deleted comment's Restore is a form post.
 */
export function createLogRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  return [
    {
      id: "log",
      path: "log/filter",
      loader: async ({ request }: LoaderFunctionArgs) => {
        const filter = readLogFilter(new URL(request.url).searchParams);
        if (filter === null) throw notFoundError();
        // The history first: it answers 403 to non-moderators before the discussion is looked at.
        const list = await loadOrThrow("Discussion", () => queryClient.ensureQueryData(logQuery(api, filter)));
        await loadOrThrow("Discussion", () =>
          Promise.all([
            queryClient.ensureQueryData(discussionQuery(api, filter.discussionID)),
            filter.kind === "revisions" && filter.page > 1
              ? queryClient.ensureQueryData(newerRevisionQuery(api, filter))
              : null,
          ]),
        );
        if (filter.page > 1 && list.items.length === 0) throw notFoundError();
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const form = await request.formData();
        const logID = Number(formValue(form, "logID"));
        const values = { logID: String(logID) };
        if (formValue(form, "intent") !== "restore" || !Number.isInteger(logID) || logID <= 0) return null;
        try {
          const entry = await logApi.restore(api, logID);
          return {
            ok: true,
            message: t("The comment has been restored."),
            values: { ...values, commentID: String(entry.recordID) },
          } satisfies FormResult;
        } catch (error) {
          return formError(error, values);
        } finally {
          // The list loses the entry and the thread gains the comment.
          queryClient.removeQueries({ queryKey: logKeys.all });
          queryClient.removeQueries({ queryKey: discussionKeys.all });
        }
      },
      element: <LogPage />,
    },
  ];
}
