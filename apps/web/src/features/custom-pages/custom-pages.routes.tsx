import type { QueryClient } from "@tanstack/react-query";
import type { CustomPagePost } from "@parley/contracts";
import { redirect, type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { refreshTitleBar } from "../layouts/index.ts";
import { requirePermitted } from "../users/index.ts";
import {
  canManageCustomPages,
  customPageKeys,
  customPagesApi,
  customPagesPath,
  customPagesQuery,
  pageRolesQuery,
} from "./custom-pages.queries.ts";
import { CustomPagesPage } from "./pages/CustomPagesPage.tsx";

const textFields = ["urlcode", "seoTitle", "seoDescription", "status"] as const;

/** A page's form as posted: the body to send, the values to show again, and what is plainly missing. */
function readPageForm(form: FormData) {
  const values: Record<string, string> = {
    intent: formValue(form, "intent"),
    customPageID: formValue(form, "customPageID"),
    showInNavigation: formValue(form, "showInNavigation"),
  };
  for (const name of textFields) values[name] = formValue(form, name).trim();
  const roleIDs = form
    .getAll("roleIDs")
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value > 0);
  values["roleIDs"] = roleIDs.join(",");
  const errors: Record<string, string> = {};
  if (!values["seoTitle"]) errors["seoTitle"] = t("The title is required.");
  if (!values["urlcode"]) errors["urlcode"] = t("The address is required.");
  const body: CustomPagePost = {
    seoTitle: values["seoTitle"] ?? "",
    seoDescription: values["seoDescription"] ?? "",
    urlcode: values["urlcode"] ?? "",
    status: values["status"] === "published" ? "published" : "unpublished",
    roleIDs,
    showInNavigation: values["showInNavigation"] === "1",
  };
  return { body, values, errors };
}

/**
 * `/dashboard/pages` (Appearance): the custom pages for site managers: add one, edit one in place, delete one (asked
 * first, a second post). Plain form posts, so it all works without JavaScript; the API checks each write again.
 */
export function createCustomPagesRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageCustomPages, "Pages");

  const act = async (form: FormData): Promise<unknown> => {
    const intent = formValue(form, "intent");
    const customPageID = Number(formValue(form, "customPageID"));
    if (intent === "create" || intent === "edit") {
      const { body, values, errors } = readPageForm(form);
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const page =
          intent === "create"
            ? await customPagesApi.create(api, body)
            : await customPagesApi.patch(api, customPageID, body);
        return {
          ok: true,
          message: t("“{name}” has been saved at {path}.", { name: page.seoTitle, path: page.urlcode }),
        } satisfies FormResult;
      } catch (error) {
        return formError(error, values);
      }
    }
    if (intent === "delete") {
      const values = { intent, customPageID: String(customPageID) };
      if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
      try {
        await customPagesApi.remove(api, customPageID);
      } catch (error) {
        return formError(error, values);
      }
      return redirect(`${customPagesPath}?deleted=${encodeURIComponent(formValue(form, "name"))}`);
    }
    return null;
  };

  return [
    {
      id: "dashboard-pages",
      path: customPagesPath.slice(1),
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Pages", () =>
          Promise.all([
            queryClient.ensureQueryData(customPagesQuery(api)),
            queryClient.ensureQueryData(pageRolesQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        try {
          return await act(await request.formData());
        } finally {
          // The title bar may link the page: it is read again, as after a change of the site's navigation.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: customPageKeys.all }),
            refreshTitleBar(queryClient, api, new URL(request.url)),
          ]);
        }
      },
      element: <CustomPagesPage />,
    },
  ];
}
