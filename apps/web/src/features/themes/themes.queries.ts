import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { themesApi } from "./themes.api.ts";
import { themePreviewKey } from "./themes.preview.ts";

export { canManageThemes, themePreviewQuery } from "./themes.preview.ts";

export { styleGuidePath, themesPagePath } from "@parley/contracts/urls";

export const themesKeys = {
  list: () => ["themes", "list"] as const,
  preview: () => themePreviewKey,
  theme: (themeID: string) => ["themes", "theme", themeID] as const,
  revisions: (themeID: string) => ["themes", "revisions", themeID] as const,
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

/** `/dashboard/themes/{themeID}/edit`: the editor of a theme of the site's own. */
export const themeEditorPath = (themeID: string) => `/dashboard/themes/${encodeURIComponent(themeID)}/edit`;
