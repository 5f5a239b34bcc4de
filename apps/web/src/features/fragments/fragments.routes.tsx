import type { QueryClient } from "@tanstack/react-query";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { ApiError } from "../../lib/api.ts";
import { formError, formInvalid, formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { fragmentsApi } from "./fragments.api.ts";
import { fragmentFieldOf, readFragmentForm } from "./fragments.form.ts";
import {
  canManageFragments,
  fragmentDisclosureQuery,
  fragmentEditorPath,
  fragmentQuery,
  fragmentRevisionsQuery,
  fragmentsKeys,
  fragmentsPagePath,
  fragmentsQuery,
} from "./fragments.queries.ts";
import { FragmentEditorPage } from "./pages/FragmentEditorPage.tsx";
import { FragmentsPage } from "./pages/FragmentsPage.tsx";
import { NewFragmentPage } from "./pages/NewFragmentPage.tsx";

/** A refusal of the API as the form shows it: each 422 beside its field. */
const refused = (error: unknown, values: Record<string, string>) =>
  formError(
    error,
    values,
    error instanceof ApiError
      ? Object.fromEntries(Object.keys(error.errors).map((field) => [field, fragmentFieldOf(field)]))
      : {},
  );

const fragmentParam = (raw: string | undefined): string => {
  if (!raw || !/^[0-9a-f-]{36}$/i.test(raw)) throw notFoundError("Fragment");
  return raw;
};

/**
 * `/dashboard/fragments` (the fragments, Delete), `/dashboard/fragments/add` and `/dashboard/fragments/{uuid}` (the
 * editor: code, preview data and the draft's preview frame, Save draft, Commit, the revisions with Restore), for site
 * managers, behind the custom code disclosure. Plain form posts: they work without JavaScript.
 */
export function createFragmentsRoutes({
  queryClient,
  api,
}: {
  queryClient: QueryClient;
  api: ApiClient;
}): RouteObject[] {
  const requireManager = (request: Request) =>
    requirePermitted(queryClient, api, request, canManageFragments, "Fragments");
  /** Accepting the disclosure: the page again, now with the editor. */
  const accept = async (request: Request) => {
    await fragmentsApi.acceptDisclosure(api);
    await queryClient.invalidateQueries({ queryKey: fragmentsKeys.disclosure() });
    const url = new URL(request.url);
    return redirect(url.pathname + url.search);
  };
  return [
    {
      id: "fragments",
      path: fragmentsPagePath.slice(1),
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Fragments", () =>
          Promise.all([
            queryClient.ensureQueryData(fragmentsQuery(api)),
            queryClient.ensureQueryData(fragmentDisclosureQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const values = { intent, name: formValue(form, "name") };
        try {
          if (intent === "accept-disclosure") return await accept(request);
          if (intent !== "delete" || formValue(form, "confirmed") !== "yes") return null;
          await fragmentsApi.remove(api, fragmentParam(formValue(form, "fragmentUUID")));
          return redirect(`${fragmentsPagePath}?deleted=${encodeURIComponent(values.name)}`);
        } catch (error) {
          return formError(error, values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: fragmentsKeys.list() });
        }
      },
      element: <FragmentsPage />,
    },
    {
      id: "fragment-add",
      path: `${fragmentsPagePath.slice(1)}/add`,
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Fragments", () => queryClient.ensureQueryData(fragmentDisclosureQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        if (formValue(form, "intent") === "accept-disclosure") return accept(request);
        const read = readFragmentForm(form);
        if (Object.keys(read.errors).length) return formInvalid(read.errors, read.values);
        try {
          const created = await fragmentsApi.add(api, {
            name: read.values.name,
            fragmentType: read.values.fragmentType || "CustomFragment",
            js: read.values.js,
            // Parley runs `js` as a plain script: what is written is what runs.
            jsRaw: read.values.js,
            css: read.values.css,
            previewData: read.previewData,
          });
          return redirect(
            `${fragmentEditorPath(created.fragmentUUID)}?saved=${read.values.intent === "preview" ? "preview" : "draft"}`,
          );
        } catch (error) {
          return refused(error, read.values);
        } finally {
          await queryClient.invalidateQueries({ queryKey: fragmentsKeys.all });
        }
      },
      element: <NewFragmentPage />,
    },
    {
      id: "fragment",
      path: `${fragmentsPagePath.slice(1)}/:fragmentUUID`,
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const fragmentUUID = fragmentParam(params["fragmentUUID"]);
        await loadOrThrow("Fragment", () =>
          Promise.all([
            queryClient.ensureQueryData(fragmentQuery(api, fragmentUUID)),
            queryClient.ensureQueryData(fragmentRevisionsQuery(api, fragmentUUID)),
            queryClient.ensureQueryData(fragmentDisclosureQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const fragmentUUID = fragmentParam(params["fragmentUUID"]);
        const here = fragmentEditorPath(fragmentUUID);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        try {
          switch (intent) {
            case "accept-disclosure":
              return await accept(request);
            case "save":
            case "preview": {
              const current = await fragmentsApi.get(api, fragmentUUID);
              const read = readFragmentForm(form, current.previewData);
              if (Object.keys(read.errors).length) return formInvalid(read.errors, read.values);
              try {
                await fragmentsApi.update(api, fragmentUUID, {
                  name: read.values.name,
                  js: read.values.js,
                  jsRaw: read.values.js,
                  css: read.values.css,
                  previewData: read.previewData,
                });
              } catch (error) {
                return refused(error, read.values);
              }
              return redirect(`${here}?saved=${intent === "preview" ? "preview" : "draft"}`);
            }
            case "commit": {
              const values = {
                intent,
                commitMessage: formValue(form, "commitMessage").trim(),
                commitDescription: formValue(form, "commitDescription"),
              };
              if (!values.commitMessage)
                return formInvalid({ commitMessage: t("Commit message is required.") }, values);
              const current = await fragmentsApi.get(api, fragmentUUID);
              if (current.status !== "draft")
                return { ok: false, message: t("There is no draft to commit: save a draft first."), values };
              try {
                await fragmentsApi.commit(api, fragmentUUID, {
                  fragmentRevisionUUID: current.fragmentRevisionUUID,
                  commitMessage: values.commitMessage,
                  ...(values.commitDescription.trim() ? { commitDescription: values.commitDescription.trim() } : {}),
                });
              } catch (error) {
                return formError(error, values);
              }
              return redirect(`${here}?committed=1`);
            }
            case "restore": {
              const revisionUUID = formValue(form, "fragmentRevisionUUID");
              const old = await fragmentsApi.revision(api, fragmentUUID, revisionUUID);
              await fragmentsApi.update(api, fragmentUUID, {
                js: old.js,
                jsRaw: old.jsRaw,
                css: old.css,
                previewData: old.previewData,
                files: old.files,
              });
              return redirect(`${here}?restored=${encodeURIComponent(old.commitMessage)}`);
            }
            default:
              return null;
          }
        } catch (error) {
          return formError(error, { intent });
        } finally {
          await queryClient.invalidateQueries({ queryKey: fragmentsKeys.all });
        }
      },
      element: <FragmentEditorPage />,
    },
  ] satisfies RouteObject[];
}
