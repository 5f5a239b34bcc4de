import type { Theme, ThemeRevision } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/**
 * Themes (dashboard-themes.yml), read: the list, one theme, this browser session's preview, a theme's
 * revisions. Changing them is `themesManageApi` (themes.manage.api.ts), loaded with the dashboard's pages.
 */
export const themesApi = {
  list: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Theme[]>("/themes", {}, signal)).data,
  /** One theme with its variables; `revisionID`: one of a theme of the site's own's revisions. */
  get: async (api: ApiClient, themeID: string, revisionID?: number, signal?: AbortSignal) =>
    (
      await api.get<Theme>(
        `/themes/${encodeURIComponent(themeID)}`,
        { expand: "all", ...(revisionID ? { revisionID } : {}) },
        signal,
      )
    ).data,
  revisions: async (api: ApiClient, themeID: string, signal?: AbortSignal) =>
    (await api.get<ThemeRevision[]>(`/themes/${encodeURIComponent(themeID)}/revisions`, {}, signal)).data,
};
