import type { QueryClient } from "@tanstack/react-query";
import { postFieldsDashboardPath, postTypesDashboardPath } from "@parley/contracts/post-types-constants";
import { redirect, type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow } from "../../lib/route-errors.ts";
import { categoryListQuery } from "../categories/index.ts";
import { requirePermitted } from "../users/index.ts";
import { postTypesWriteApi as postTypesApi } from "./post-types.write.api.ts";
import { readPostFieldForm, readPostTypeForm } from "./post-types.dashboard.ts";
import { allPostTypesQuery, canManagePostTypes, postFieldsQuery, postTypeKeys } from "./post-types.queries.ts";
import { PostFieldsPage } from "./pages/PostFieldsPage.tsx";
import { PostTypesPage } from "./pages/PostTypesPage.tsx";

const saved = (name: string) => ({ ok: true, message: t("“{name}” has been saved.", { name }) }) satisfies FormResult;

/**
 * `/dashboard/settings/post-types` and `/dashboard/settings/post-fields` (site.manage): add, edit, delete (asked
 * first, a second post). Every step is a plain form post, so it all works without JavaScript; the API checks again.
 */
export function createPostTypesRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManagePostTypes, "Post Types");

  const actTypes = async (form: FormData): Promise<unknown> => {
    const intent = formValue(form, "intent");
    const postTypeID = formValue(form, "postTypeID");
    if (intent === "create" || intent === "edit") {
      const { post, patch, values, errors } = readPostTypeForm(form, intent === "create");
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const type =
          intent === "create" ? await postTypesApi.create(api, post) : await postTypesApi.patch(api, postTypeID, patch);
        return saved(type.name);
      } catch (error) {
        return formError(error, values);
      }
    }
    if (intent !== "delete") return null;
    const values = { intent, postTypeID };
    if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
    try {
      await postTypesApi.remove(api, postTypeID);
    } catch (error) {
      return formError(error, values);
    }
    return redirect(`${postTypesDashboardPath}?deleted=${encodeURIComponent(formValue(form, "name"))}`);
  };

  const actFields = async (form: FormData): Promise<unknown> => {
    const intent = formValue(form, "intent");
    const postFieldID = formValue(form, "postFieldID");
    if (intent === "create" || intent === "edit") {
      const { post, patch, values, errors } = readPostFieldForm(form, intent === "create");
      if (Object.keys(errors).length) return formInvalid(errors, values);
      try {
        const field =
          intent === "create"
            ? await postTypesApi.createField(api, post)
            : await postTypesApi.patchField(api, postFieldID, patch);
        return saved(field.label);
      } catch (error) {
        return formError(error, values);
      }
    }
    if (intent !== "delete") return null;
    const values = { intent, postFieldID };
    if (formValue(form, "confirmed") !== "yes") return { values: { ...values, confirm: "delete" } };
    try {
      await postTypesApi.removeField(api, postFieldID);
    } catch (error) {
      return formError(error, values);
    }
    return redirect(`${postFieldsDashboardPath}?deleted=${encodeURIComponent(formValue(form, "label"))}`);
  };

  const page = (id: string, path: string, act: (form: FormData) => Promise<unknown>, element: React.ReactNode) => ({
    id,
    path,
    loader: async ({ request }: { request: Request }) => {
      await requireManager(request);
      await loadOrThrow("Post Types", () =>
        Promise.all([
          queryClient.ensureQueryData(allPostTypesQuery(api)),
          queryClient.ensureQueryData(postFieldsQuery(api)),
          queryClient.ensureQueryData(categoryListQuery(api, { maxDepth: 5 })),
        ]),
      );
      return null;
    },
    action: async ({ request }: ActionFunctionArgs) => {
      await requireManager(request);
      try {
        return await act(await request.formData());
      } finally {
        await queryClient.invalidateQueries({ queryKey: postTypeKeys.all });
      }
    },
    element,
  });

  return [
    page("dashboard-post-types", "dashboard/settings/post-types", actTypes, <PostTypesPage />),
    page("dashboard-post-fields", "dashboard/settings/post-fields", actFields, <PostFieldsPage />),
  ];
}
