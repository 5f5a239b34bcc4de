import type { Theme, ThemePreview } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Themes (dashboard-themes.yml): the list, the site's current one, and this browser session's preview. */
export const themesApi = {
  list: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Theme[]>("/themes", {}, signal)).data,
  previewed: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<ThemePreview | null>("/themes/preview", {}, signal)).data,
  apply: async (api: ApiClient, themeID: string) =>
    (await api.request<Theme>({ method: "PUT", path: "/themes/current", body: { themeID } })).data,
  /** Starts previewing a theme, or ends the preview (`null`). */
  preview: async (api: ApiClient, themeID: string | null) =>
    (await api.request<Theme>({ method: "PUT", path: "/themes/preview", body: themeID ? { themeID } : {} })).data,
};
