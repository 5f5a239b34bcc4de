import type { QueryClient } from "@tanstack/react-query";
import {
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import type { WidgetRegistry } from "../layouts/index.ts";
import { requirePermitted } from "../users/index.ts";
import { layoutEditorApi } from "./layout-editor.api.ts";
import { canManageLayouts, layoutEditorPath } from "./layout-editor.paths.ts";
import {
  layoutCatalogQuery,
  layoutEditorKeys,
  layoutRecordQuery,
  layoutRevisionsQuery,
  layoutsListQuery,
} from "./layout-editor.queries.ts";
import { LayoutEditorPage } from "./pages/LayoutEditorPage.tsx";
import { LayoutsPage } from "./pages/LayoutsPage.tsx";

/** A stored layout's id in the address (the defaults are edited as new layouts). */
const storedID = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? value : null);
const viewTypePattern = /^[a-zA-Z]{1,40}$/;

interface EditorSource {
  layoutID: string;
  isNew: boolean;
}

/**
 * `/dashboard/layouts` (the list: Duplicate and Delete post here, plain forms), `/dashboard/layouts/new?layoutViewType=`
 * and `/dashboard/layouts/{id}/edit` (the editor, which needs JavaScript). site.manage; the server checks again.
 */
export function createLayoutEditorRoutes({
  queryClient,
  api,
  widgets,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  widgets: WidgetRegistry;
}): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageLayouts, "Layouts");

  const loadEditor = async (layoutID: string, isNew: boolean): Promise<EditorSource> => {
    const record = await loadOrThrow("Layout", () => queryClient.fetchQuery(layoutRecordQuery(api, layoutID)));
    await loadOrThrow("Layout", () =>
      Promise.all([
        queryClient.ensureQueryData(layoutCatalogQuery(api, record.layoutViewType)),
        isNew ? null : queryClient.fetchQuery(layoutRevisionsQuery(api, layoutID)),
      ]),
    );
    return { layoutID, isNew };
  };

  function EditorRoute() {
    const source = useLoaderData<EditorSource>();
    // A new page of the editor (another layout, or the new one saved): its own state.
    return <LayoutEditorPage key={`${source.layoutID}-${source.isNew}`} source={source} widgets={widgets} />;
  }

  return [
    {
      id: "layouts-dashboard",
      path: "dashboard/layouts",
      loader: async ({ request }: LoaderFunctionArgs) => {
        await requireManager(request);
        await loadOrThrow("Layouts", () => queryClient.fetchQuery(layoutsListQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const layoutID = storedID(formValue(form, "layoutID"));
        if (!layoutID || (intent !== "duplicate" && intent !== "delete"))
          return { message: t("Choose a layout.") } satisfies FormResult;
        try {
          const layout = await queryClient.fetchQuery(layoutRecordQuery(api, layoutID));
          if (intent === "duplicate") {
            const copy = await layoutEditorApi.create(api, {
              name: t("Copy of {name}", { name: layout.name }).slice(0, 100),
              layoutViewType: layout.layoutViewType,
              layout: layout.layout ?? [],
            });
            await queryClient.invalidateQueries({ queryKey: layoutEditorKeys.list() });
            return redirect(layoutEditorPath(copy.layoutID));
          }
          // Without the confirmation's `confirmed`, the page asks first.
          if (!formValue(form, "confirmed")) return { confirm: { layoutID, name: layout.name } };
          await layoutEditorApi.remove(api, layoutID);
          await queryClient.invalidateQueries({ queryKey: layoutEditorKeys.all });
          return { ok: true, message: t("The layout has been deleted.") } satisfies FormResult;
        } catch (error) {
          return formError(error, { intent, layoutID });
        }
      },
      element: <LayoutsPage />,
    },
    {
      // `dashboard/layouts/new?layoutViewType=` (from the view type's default) and `dashboard/layouts/{id}/edit`.
      id: "layout-editor",
      path: "dashboard/layouts/:layoutID/edit?",
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        await requireManager(request);
        const url = new URL(request.url);
        if (params["layoutID"] === "new" && !url.pathname.endsWith("/edit")) {
          const viewType = url.searchParams.get("layoutViewType") ?? "home";
          if (!viewTypePattern.test(viewType)) throw notFoundError("Layout");
          return loadEditor(viewType, true);
        }
        const layoutID = storedID(params["layoutID"]);
        if (layoutID === null || !url.pathname.endsWith("/edit")) throw notFoundError("Layout");
        return loadEditor(layoutID, false);
      },
      element: <EditorRoute />,
    },
  ];
}
