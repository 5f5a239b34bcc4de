import type { QueryClient } from "@tanstack/react-query";
import type { SubcommunityPost } from "@parley/contracts";
import { subcommunityFolderProblem } from "@parley/contracts/subcommunities";
import { redirect, type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { categoryListQuery } from "../categories/index.ts";
import { refreshTitleBar } from "../layouts/index.ts";
import { requirePermitted } from "../users/index.ts";
import {
  canManageSubcommunities,
  sectionCategoryTree,
  sectionThemesQuery,
  subcommunitiesApi,
  subcommunitiesPath,
  subcommunitiesQuery,
  subcommunityKeys,
} from "./subcommunities.queries.ts";
import { SubcommunitiesPage } from "./pages/SubcommunitiesPage.tsx";

const textFields = ["name", "folder", "categoryID", "locale", "themeID", "sort"] as const;

/** A subcommunity's form as posted: the body to send, the values to show again, and what is plainly wrong. */
function readSectionForm(form: FormData) {
  const values: Record<string, string> = {
    intent: formValue(form, "intent"),
    subcommunityID: formValue(form, "subcommunityID"),
  };
  for (const name of textFields) values[name] = formValue(form, name).trim();
  const errors: Record<string, string> = {};
  const name = values["name"] ?? "";
  const folder = values["folder"] ?? "";
  const categoryID = Number(values["categoryID"]);
  const sort = values["sort"] ? Number(values["sort"]) : undefined;
  if (!name) errors["name"] = t("The name is required.");
  if (!folder) errors["folder"] = t("The folder is required.");
  else {
    // The server's own check and words (contracts), before asking it.
    const problem = subcommunityFolderProblem(folder);
    if (problem) errors["folder"] = problem;
  }
  if (!Number.isInteger(categoryID) || categoryID < 1) errors["categoryID"] = t("Choose the category.");
  if (sort !== undefined && (!Number.isInteger(sort) || sort < 0)) errors["sort"] = t("The order is a whole number.");
  // The site's theme: no theme said when adding, or when editing one that had none; null clears an edited one's.
  const themeID = values["themeID"] || (formValue(form, "previousThemeID") ? null : undefined);
  const body: SubcommunityPost = {
    name,
    folder,
    categoryID,
    locale: values["locale"] ?? "",
    ...(themeID !== undefined ? { themeID } : {}),
    ...(sort !== undefined ? { sort } : {}),
  };
  return { body, values, errors };
}

/**
 * `/dashboard/subcommunities` (Appearance, issue 40): the site's sections for site managers: add one, edit one in
 * place, delete one (asked first, a second post). Plain form posts, so it all works without JavaScript; the API
 * checks each write again.
 */
export function createSubcommunitiesRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageSubcommunities, "Subcommunities");

  const act = async (form: FormData): Promise<unknown> => {
    const intent = formValue(form, "intent");
    const subcommunityID = Number(formValue(form, "subcommunityID"));
    if (intent === "create" || intent === "edit") {
      const { body, values, errors } = readSectionForm(form);
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const section =
          intent === "create"
            ? await subcommunitiesApi.create(api, body)
            : await subcommunitiesApi.patch(api, subcommunityID, body);
        return {
          ok: true,
          message: t("“{name}” has been saved at {path}.", { name: section.name, path: section.basePath }),
          // Which form succeeded: an add empties the add form (SubcommunitiesPage).
          values: { intent },
        } satisfies FormResult;
      } catch (error) {
        return formError(error, values);
      }
    }
    if (intent === "delete") {
      const values = { intent, subcommunityID: String(subcommunityID) };
      if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
      try {
        await subcommunitiesApi.remove(api, subcommunityID);
      } catch (error) {
        return formError(error, values);
      }
      return redirect(`${subcommunitiesPath}?deleted=${encodeURIComponent(formValue(form, "name"))}`);
    }
    return null;
  };

  return [
    {
      id: "dashboard-subcommunities",
      path: subcommunitiesPath.slice(1),
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Subcommunities", () =>
          Promise.all([
            queryClient.ensureQueryData(subcommunitiesQuery(api)),
            queryClient.ensureQueryData(categoryListQuery(api, sectionCategoryTree)),
            queryClient.ensureQueryData(sectionThemesQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        try {
          return await act(await request.formData());
        } finally {
          // The title bar's picker lists the sections: it is read again, as after a change of the site's navigation.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: subcommunityKeys.all }),
            refreshTitleBar(queryClient, api, new URL(request.url)),
          ]);
        }
      },
      element: <SubcommunitiesPage />,
    },
  ];
}
