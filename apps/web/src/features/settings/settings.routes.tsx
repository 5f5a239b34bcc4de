import type { QueryClient } from "@tanstack/react-query";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, type RouteErrorData } from "../../lib/route-errors.ts";
import { siteQuery } from "../../lib/site.ts";
import { refreshTitleBar } from "../layouts/index.ts";
import { requireMember } from "../users/index.ts";
import { SettingsPage } from "./pages/SettingsPage.tsx";
import { settingsApi } from "./settings.api.ts";
import { settingsKeys, settingsQuery } from "./settings.queries.ts";
import { editableSettings, settingsFromForm, type SettingValue } from "./settings.ts";

/**
 * `/dashboard/settings`: the site's settings a member may change (community.manage: what the site says;
 * site.manage: how it works), saved with one PATCH /config; a plain form post without JavaScript.
 */
export function createSettingsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const editableFor = async (request: Request) => {
    const keys = editableSettings(await requireMember(queryClient, api, request));
    if (keys.length === 0) throw data<RouteErrorData>({ type: "Settings" }, { status: 403 });
    return keys;
  };
  return [
    {
      id: "settings",
      path: "dashboard/settings",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await editableFor(request);
        await loadOrThrow("Settings", () => queryClient.ensureQueryData(settingsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        const keys = await editableFor(request);
        const values = settingsFromForm(await request.formData(), keys);
        try {
          const saved = await settingsApi.save(api, values);
          queryClient.setQueryData(settingsKeys.page(), (old: Record<string, SettingValue> | undefined) => ({
            ...old,
            ...saved,
          }));
        } catch (error) {
          return formError(
            error,
            Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
          );
        }
        // The title bar and the document title read them too.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: siteQuery(api).queryKey }),
          refreshTitleBar(queryClient, api, new URL(request.url)),
        ]);
        return { ok: true, message: t("Your changes have been saved.") } satisfies FormResult;
      },
      element: <SettingsPage />,
    },
  ];
}
