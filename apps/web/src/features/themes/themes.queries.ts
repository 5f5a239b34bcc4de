import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { themesApi } from "./themes.api.ts";

export { styleGuidePath, themesPagePath } from "@parley/contracts/urls";

export const themesKeys = {
  list: () => ["themes", "list"] as const,
  preview: () => ["themes", "preview"] as const,
  theme: (themeID: string) => ["themes", "theme", themeID] as const,
  revisions: (themeID: string) => ["themes", "revisions", themeID] as const,
  scriptsAllowed: () => ["config", "themes-scripts"] as const,
};

export const themesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: themesKeys.list(), queryFn: ({ signal }) => themesApi.list(api, signal) });

/** A theme with its variables (its active revision, for a theme of the site's own). */
export const themeQuery = (api: ApiClient, themeID: string) =>
  queryOptions({
    queryKey: themesKeys.theme(themeID),
    queryFn: ({ signal }) => themesApi.get(api, themeID, undefined, signal),
  });

/** A theme of the site's own's revisions, newest first. */
export const themeRevisionsQuery = (api: ApiClient, themeID: string) =>
  queryOptions({
    queryKey: themesKeys.revisions(themeID),
    queryFn: ({ signal }) => themesApi.revisions(api, themeID, signal),
  });

/** Whether pages run the themes' JavaScript and scripts (`themes.allowCustomScripts`; site.manage reads it). */
export const themeScriptsAllowedQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: themesKeys.scriptsAllowed(),
    queryFn: ({ signal }) => themesApi.scriptsAllowed(api, signal),
  });

/** The theme this session previews, or null (asked only for members who may manage the site). */
export const themePreviewQuery = (api: ApiClient) =>
  queryOptions({ queryKey: themesKeys.preview(), queryFn: ({ signal }) => themesApi.previewed(api, signal) });

/** Who chooses the site's theme: site.manage (the server checks again). */
export const canManageThemes = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

/** `/dashboard/themes/{themeID}/edit`: the editor of a theme of the site's own. */
export const themeEditorPath = (themeID: string) => `/dashboard/themes/${encodeURIComponent(themeID)}/edit`;
