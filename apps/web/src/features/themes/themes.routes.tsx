import type { QueryClient } from "@tanstack/react-query";
import { data, redirect, redirectDocument, type ActionFunctionArgs, type RouteObject } from "react-router";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue, type FormResult } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { requirePermitted } from "../users/index.ts";
import { ThemeEditorPage } from "./pages/ThemeEditorPage.tsx";
import { StyleGuidePage } from "./pages/StyleGuidePage.tsx";
import { ThemesPage } from "./pages/ThemesPage.tsx";
import { editorFieldNames, editorPatch, readEditorForm } from "./theme-editor.form.ts";
import { themesApi } from "./themes.api.ts";
import { themesManageApi } from "./themes.manage.api.ts";
import {
  canManageThemes,
  themeEditorPath,
  themePreviewQuery,
  themeQuery,
  themeRevisionsQuery,
  themesKeys,
  themesPagePath,
  themesQuery,
} from "./themes.queries.ts";
import { themeScriptsAllowedQuery } from "./themes.scripts.ts";

/** What the themes page's forms (and the preview banner's) ask for. */
const themeIntents = ["preview", "apply", "cancel-preview", "copy", "delete", "scripts"] as const;
/** The intents about no theme in particular. */
const siteIntents: readonly string[] = ["cancel-preview", "scripts"];
/** What the theme editor's forms ask for. */
const editorIntents = ["save", "preview", "apply", "preview-revision", "restore"] as const;

/** A database theme's id in the address (a numeric string); built-in themes have no editor. */
const ownThemeID = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? value : null);

/**
 * `/dashboard/themes`: the site's themes (site.manage), each to preview in this browser session or to
 * apply for everyone, to copy into a theme of the site's own, and the site's own to edit or delete; the
 * preview banner's Apply and Cancel post here too. `/dashboard/themes/{id}/edit`: a theme of the site's
 * own's name and colours, saved as revisions. Every change of what a page wears reloads the document:
 * the theme's colours are in the page's head, written by the server.
 */
export function createThemesRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = (request: Request) => requirePermitted(queryClient, api, request, canManageThemes, "Themes");

  /** `POST /themes` from a theme: a built-in one is the parent; one of the site's own lends its variables. */
  const copy = async (themeID: string) => {
    const theme = await themesApi.get(api, themeID);
    const name = t("Copy of {name}", { name: theme.name }).slice(0, limits.themes.nameMaxLength);
    const created = await themesManageApi.create(
      api,
      theme.type === "themeFile"
        ? { name, parentTheme: theme.themeID }
        : {
            name,
            parentTheme: theme.parentTheme ?? "",
            assets: {
              variables: { data: theme.assets.variables.data ?? {} },
              header: { data: theme.assets.header.data ?? "" },
              footer: { data: theme.assets.footer.data ?? "" },
              styles: { data: theme.assets.styles.data ?? "" },
              javascript: { data: theme.assets.javascript.data ?? "" },
              scripts: { data: theme.assets.scripts.data ?? [] },
            },
          },
    );
    await queryClient.invalidateQueries({ queryKey: themesKeys.list() });
    return created;
  };

  /** Whether this page wears the theme: the site's current one, or the one this session previews. */
  const worn = async (themeID: string, current: boolean) =>
    current ||
    (await queryClient
      .ensureQueryData(themePreviewQuery(api))
      .then((preview) => preview?.themeID === themeID)
      .catch(() => false));

  return [
    {
      id: "themes",
      path: "dashboard/themes",
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Themes", () =>
          Promise.all([
            queryClient.ensureQueryData(themesQuery(api)),
            queryClient.ensureQueryData(themeScriptsAllowedQuery(api)),
          ]),
        );
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const themeID = formValue(form, "themeID");
        const values = { intent, themeID };
        if (!(themeIntents as readonly string[]).includes(intent) || (!siteIntents.includes(intent) && !themeID))
          return formInvalid({ themeID: t("Choose a theme.") }, values);
        try {
          if (intent === "scripts") {
            // An unchecked box sends nothing: off.
            const allowed = formValue(form, "allowCustomScripts") === "1";
            await themesManageApi.allowScripts(api, allowed);
            queryClient.setQueryData(themeScriptsAllowedQuery(api).queryKey, allowed);
            return {
              ok: true,
              message: allowed
                ? t("Pages now run the current theme's JavaScript and scripts.")
                : t("Pages no longer run any theme's JavaScript or scripts."),
            } satisfies FormResult;
          }
          if (intent === "preview") {
            await themesManageApi.preview(api, themeID);
            // The forum as readers see it, in the previewed theme, with the banner on top.
            return redirectDocument("/");
          }
          if (intent === "copy") return redirect(themeEditorPath((await copy(themeID)).themeID));
          if (intent === "delete") {
            // Without JavaScript the page asks first (the dialog's confirmation sends `confirmed`).
            if (formValue(form, "confirmed") !== "1") return { values: { intent: "confirm-delete", themeID } };
            await themesManageApi.remove(api, themeID);
            await queryClient.invalidateQueries({ queryKey: themesKeys.list() });
            return { ok: true, message: t("The theme has been deleted.") } satisfies FormResult;
          }
          if (intent === "apply") await themesManageApi.apply(api, themeID);
          // Applying a theme ends any preview: the banner would otherwise offer the old one.
          await themesManageApi.preview(api, null);
        } catch (error) {
          return formError(error, values);
        }
        return redirectDocument(themesPagePath);
      },
      element: <ThemesPage />,
    },
    {
      // The design system's primitives in the current theme: for whoever manages the look.
      id: "style-guide",
      path: "dashboard/style-guide",
      loader: async ({ request }) => {
        await requireManager(request);
        return null;
      },
      element: <StyleGuidePage />,
    },
    {
      id: "theme-editor",
      path: "dashboard/themes/:themeID/edit",
      loader: async ({ request, params }) => {
        await requireManager(request);
        const themeID = ownThemeID(params["themeID"]);
        if (themeID === null) throw notFoundError("Theme");
        await loadOrThrow("Theme", () =>
          Promise.all([
            queryClient.fetchQuery(themeQuery(api, themeID)),
            queryClient.fetchQuery(themeRevisionsQuery(api, themeID)),
          ]),
        );
        return null;
      },
      action: async ({ request, params }: ActionFunctionArgs) => {
        await requireManager(request);
        const themeID = ownThemeID(params["themeID"]);
        if (themeID === null) throw notFoundError("Theme");
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const revisionID = Number(formValue(form, "revisionID")) || undefined;
        const editor = themeEditorPath(themeID);
        if (!(editorIntents as readonly string[]).includes(intent))
          return data<FormResult>({ message: t("Choose what to do.") }, { status: 400 });
        const values: Record<string, string> = intent === "save" ? readEditorForm(form) : { intent };
        try {
          if (intent === "save") {
            if (!values["name"]?.trim()) return formInvalid({ name: t("The theme needs a name.") }, values);
            const saved = await queryClient.fetchQuery(themeQuery(api, themeID));
            const updated = await themesManageApi.update(
              api,
              themeID,
              editorPatch(readEditorForm(form), saved.assets.variables.data),
            );
            await queryClient.invalidateQueries({ queryKey: ["themes"] });
            const done = `${editor}?done=saved`;
            return (await worn(themeID, updated.current)) ? redirectDocument(done) : redirect(done);
          }
          if (intent === "restore") {
            if (!revisionID) return data<FormResult>({ message: t("Choose a revision.") }, { status: 400 });
            const updated = await themesManageApi.update(api, themeID, { revisionID });
            await queryClient.invalidateQueries({ queryKey: ["themes"] });
            const done = `${editor}?done=restored`;
            return (await worn(themeID, updated.current)) ? redirectDocument(done) : redirect(done);
          }
          if (intent === "apply") {
            await themesManageApi.apply(api, themeID);
            await themesManageApi.preview(api, null);
            return redirectDocument(`${editor}?done=applied`);
          }
          // Preview: the theme as last saved, or one of its revisions, on the forum's home page.
          await themesManageApi.preview(api, themeID, intent === "preview-revision" ? revisionID : undefined);
          return redirectDocument("/");
        } catch (error) {
          return formError(error, values, editorFieldNames);
        }
      },
      element: <ThemeEditorPage />,
    },
  ];
}
