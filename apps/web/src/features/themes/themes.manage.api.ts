import type { Theme, ThemePatch, ThemePost } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { allowCustomScripts } from "./themes.scripts.ts";

/**
 * Changing themes (dashboard-themes.yml): apply, preview, create, update, remove; and whether pages run their
 * scripts. The dashboard's pages only.
 */
export const themesManageApi = {
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
  /** Turns `themes.allowCustomScripts` on or off (`PATCH /config`; the server asks for site.manage). */
  allowScripts: async (api: ApiClient, allowed: boolean) => {
    await api.request<Record<string, unknown>>({
      method: "PATCH",
      path: "/config",
      body: { [allowCustomScripts]: allowed },
    });
  },
};
