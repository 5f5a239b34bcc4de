import type { Theme, ThemePatch, ThemePost, ThemePreview, ThemeRevision } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/**
 * Themes (dashboard-themes.yml): the list, the site's current one, this browser session's preview, and
 * the site's own themes with their revisions.
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
  previewed: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<ThemePreview | null>("/themes/preview", {}, signal)).data,
  apply: async (api: ApiClient, themeID: string) =>
    (await api.request<Theme>({ method: "PUT", path: "/themes/current", body: { themeID } })).data,
  /** Starts previewing a theme (or one revision of a theme of the site's own), or ends the preview (`null`). */
  preview: async (api: ApiClient, themeID: string | null, revisionID?: number) =>
    (
      await api.request<Theme>({
        method: "PUT",
        path: "/themes/preview",
        body: themeID ? { themeID, ...(revisionID ? { revisionID } : {}) } : {},
      })
    ).data,
  create: async (api: ApiClient, body: ThemePost) =>
    (await api.request<Theme>({ method: "POST", path: "/themes", body })).data,
  /** New variables make a new revision; `revisionID` restores one. */
  update: async (api: ApiClient, themeID: string, body: ThemePatch) =>
    (await api.request<Theme>({ method: "PATCH", path: `/themes/${encodeURIComponent(themeID)}`, body })).data,
  remove: async (api: ApiClient, themeID: string) => {
    await api.request<null>({ method: "DELETE", path: `/themes/${encodeURIComponent(themeID)}` });
  },
};
