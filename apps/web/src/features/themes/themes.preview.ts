import { queryOptions } from "@tanstack/react-query";
import type { Me, ThemePreview } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/**
 * What every page's shell asks of themes: who may choose them, and the theme this session previews (the banner's).
 * Kept apart from the themes' API and queries, which only the dashboard's pages load.
 */
export const themePreviewKey = ["themes", "preview"] as const;

/** The theme this session previews, or null (asked only for members who may manage the site). */
export const themePreviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: themePreviewKey,
    queryFn: async ({ signal }) => (await api.get<ThemePreview | null>("/themes/preview", {}, signal)).data,
  });

/** Who chooses the site's theme: site.manage (the server checks again). */
export const canManageThemes = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
