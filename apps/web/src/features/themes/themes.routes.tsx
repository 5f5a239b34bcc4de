import type { QueryClient } from "@tanstack/react-query";
import { data, redirectDocument, type ActionFunctionArgs, type RouteObject } from "react-router";
import type { ApiClient } from "../../lib/api.ts";
import { formError, formInvalid, formValue } from "../../lib/forms.ts";
import { t } from "../../lib/i18n.ts";
import { loadOrThrow, type RouteErrorData } from "../../lib/route-errors.ts";
import { requireMember } from "../users/users.queries.ts";
import { ThemesPage } from "./pages/ThemesPage.tsx";
import { themesApi } from "./themes.api.ts";
import { canManageThemes, themesPagePath, themesQuery } from "./themes.queries.ts";

/** What the themes page's forms (and the preview banner's) ask for. */
const themeIntents = ["preview", "apply", "cancel-preview"] as const;

/**
 * `/dashboard/themes`: the site's themes (site.manage), each to preview in this browser session or to
 * apply for everyone; the preview banner's Apply and Cancel post here too. Every change reloads the
 * document: the theme's colours are in the page's head, written by the server.
 */
export function createThemesRoutes({ queryClient, api }: { queryClient: QueryClient; api: ApiClient }): RouteObject[] {
  const requireManager = async (request: Request) => {
    const me = await requireMember(queryClient, api, request);
    if (!canManageThemes(me)) throw data<RouteErrorData>({ type: "Themes" }, { status: 403 });
  };
  return [
    {
      id: "themes",
      path: "dashboard/themes",
      loader: async ({ request }) => {
        await requireManager(request);
        await loadOrThrow("Themes", () => queryClient.ensureQueryData(themesQuery(api)));
        return null;
      },
      action: async ({ request }: ActionFunctionArgs) => {
        await requireManager(request);
        const form = await request.formData();
        const intent = formValue(form, "intent");
        const themeID = formValue(form, "themeID");
        const values = { intent, themeID };
        if (!(themeIntents as readonly string[]).includes(intent) || (intent !== "cancel-preview" && !themeID))
          return formInvalid({ themeID: t("Choose a theme.") }, values);
        try {
          if (intent === "preview") {
            await themesApi.preview(api, themeID);
            // The forum as readers see it, in the previewed theme, with the banner on top.
            return redirectDocument("/");
          }
          if (intent === "apply") await themesApi.apply(api, themeID);
          // Applying a theme ends any preview: the banner would otherwise offer the old one.
          await themesApi.preview(api, null);
        } catch (error) {
          return formError(error, values);
        }
        return redirectDocument(themesPagePath);
      },
      element: <ThemesPage />,
    },
  ];
}
