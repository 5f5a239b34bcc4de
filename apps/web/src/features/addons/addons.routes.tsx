import type { QueryClient } from "@tanstack/react-query";
import type { ActionFunctionArgs, LoaderFunctionArgs, RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { siteQuery } from "../../lib/site.ts";
import { refreshTitleBar } from "../layouts/index.ts";
import { requirePermitted } from "../users/index.ts";
import { addonsApi } from "./addons.api.ts";
import { addonKeys, addonsQuery, canManageAddons } from "./addons.queries.ts";
import { AddonsPage } from "./pages/AddonsPage.tsx";

/**
 * `/dashboard/addons`: Parley's optional features and content languages, each turned on or off with a
 * plain form post (it works without JavaScript); the API checks site.manage again.
 */
export function createAddonsRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageAddons, "Addons");
  return [
    {
      id: "addons",
      path: "dashboard/addons",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Addons", () => queryClient.ensureQueryData(addonsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const addonID = formValue(form, "addonID");
        const enabled = formValue(form, "enabled") === "1";
        try {
          const touched = await addonsApi.setEnabled(api, addonID, enabled);
          const addon = touched.find((candidate) => candidate.addonID === addonID);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: addonKeys.all }),
            // A feature turned on or off shows in the title bar (private messages) and the site's settings.
            queryClient.invalidateQueries({ queryKey: siteQuery(api).queryKey }),
            refreshTitleBar(queryClient, api, new URL(request.url)),
          ]);
          const name = addon?.name ?? addonID;
          return {
            ok: true,
            message: enabled ? t("“{name}” is on.", { name }) : t("“{name}” is off.", { name }),
          } satisfies FormResult;
        } catch (error) {
          return formError(error, { addonID });
        }
      },
      element: <AddonsPage />,
    },
  ];
}
