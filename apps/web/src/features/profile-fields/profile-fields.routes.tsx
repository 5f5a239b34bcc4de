import type { QueryClient } from "@tanstack/react-query";
import { profileFieldsDashboardPath } from "@parley/contracts/profile-fields-constants";
import { redirect, type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { profileFieldsApi } from "./profile-fields.api.ts";
import { readFieldForm } from "./profile-fields.dashboard.ts";
import { allProfileFieldsQuery, canManageProfileFields, profileFieldKeys } from "./profile-fields.queries.ts";
import { ProfileFieldsPage } from "./pages/ProfileFieldsPage.tsx";

/**
 * `/dashboard/settings/profile-fields`: the custom profile fields, for site.manage: add one, edit, turn on or
 * off, move up or down, delete (asked first, a second post). Every step is a plain form post, so it all works
 * without JavaScript; the API checks each write again.
 */
export function createProfileFieldsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageProfileFields, "Profile Fields");

  const act = async (form: FormData): Promise<unknown> => {
    const intent = formValue(form, "intent");
    const apiName = formValue(form, "apiName");
    if (intent === "create" || intent === "edit") {
      const { post, patch, values, errors } = readFieldForm(form, intent === "create");
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const field =
          intent === "create"
            ? await profileFieldsApi.create(api, post)
            : await profileFieldsApi.patch(api, apiName, patch);
        return { ok: true, message: t("“{name}” has been saved.", { name: field.label }) } satisfies FormResult;
      } catch (error) {
        return formError(error, values);
      }
    }
    const values = { intent, apiName };
    try {
      if (intent === "enabled") {
        const field = await profileFieldsApi.patch(api, apiName, { enabled: formValue(form, "enabled") === "1" });
        return {
          ok: true,
          message: field.enabled
            ? t("“{name}” is on: members see and fill it in.", { name: field.label })
            : t("“{name}” is off: it is shown and asked nowhere.", { name: field.label }),
        } satisfies FormResult;
      }
      if (intent === "move") {
        const order = (await profileFieldsApi.list(api)).map((field) => field.apiName);
        const from = order.indexOf(apiName);
        const to = from + (formValue(form, "direction") === "up" ? -1 : 1);
        if (from < 0 || to < 0 || to >= order.length) return null;
        [order[from], order[to]] = [order[to]!, order[from]!];
        await profileFieldsApi.sort(api, Object.fromEntries(order.map((name, index) => [name, index + 1])));
        return null;
      }
      if (intent === "delete") {
        if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
        await profileFieldsApi.remove(api, apiName);
        return redirect(`${profileFieldsDashboardPath}?deleted=${encodeURIComponent(formValue(form, "label"))}`);
      }
      return null;
    } catch (error) {
      return formError(error, values);
    }
  };

  return [
    {
      id: "dashboard-profile-fields",
      path: "dashboard/settings/profile-fields",
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Profile Fields", () => queryClient.ensureQueryData(allProfileFieldsQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        try {
          return await act(await request.formData());
        } finally {
          await queryClient.invalidateQueries({ queryKey: profileFieldKeys.all });
        }
      },
      element: <ProfileFieldsPage />,
    },
  ];
}
