import { formatColor } from "@parley/contracts/colors";
import {
  themeCssVariables,
  themePalette,
  themePreviewVariables,
  themesPagePath,
  type CurrentThemePut,
  type Theme,
  type ThemePreview,
  type ThemePreviewPut,
  type ThemeQuery,
} from "@parley/contracts";
import { authorize, can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { notFound } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { DEFAULT_THEME_ID, fileThemes, type FileTheme } from "./themes.catalog.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** The site's current theme changed: pages rendered before show the old colours. */
    "theme.changed": { themeID: string };
  }
}

/**
 * The cookie that holds the theme this browser session previews (`PUT /themes/preview`): a theme's key,
 * no secret. Only a viewer who may manage the site sees it applied; it ends with the browser session.
 */
export const THEME_PREVIEW_COOKIE = "parley-theme-preview";

/** Asset `data` is sent only when asked for: `expand=all` (or `true`) or `expand=variables.data`. */
const expandsVariables = (expand: string[] | undefined) =>
  (expand ?? []).some((name) => name === "all" || name === "true" || name === "variables.data");

/** Themes: the built-in file themes, the site's current one, and its CSS for every page's head. */
export function createThemesService(
  siteConfig: SiteConfig,
  events: EventBus,
  catalog: readonly FileTheme[] = fileThemes,
) {
  const find = (key: string) => catalog.find((theme) => theme.themeID.toLowerCase() === key.trim().toLowerCase());
  const fallback = find(DEFAULT_THEME_ID) ?? catalog[0]!;

  /** The stored choice, or the default when it names a theme that is gone. */
  const currentTheme = async (): Promise<FileTheme> => find(await siteConfig.get("theme.current")) ?? fallback;

  const present = (theme: FileTheme, currentID: string, query: ThemeQuery, origin: string): Theme => ({
    themeID: theme.themeID,
    type: "themeFile",
    name: theme.name,
    version: theme.version,
    revisionID: null,
    current: theme.themeID === currentID,
    active: true,
    assets: {
      variables: {
        url: `${origin}/api/v2/themes/${encodeURIComponent(theme.themeID)}/assets/variables.json`,
        type: "json",
        "content-type": "application/json",
        ...(expandsVariables(query.expand) ? { data: theme.variables } : {}),
      },
    },
    preview: {
      info: {
        Description: { type: "string", value: theme.description },
        Version: { type: "string", value: theme.version },
      },
      imageUrl: null,
      variables: themePreviewVariables(theme.variables),
    },
    features: { DataDrivenTheme: true },
    supportedSections: ["Forum"],
  });

  // The head markup of each theme, computed once: file themes do not change while the process runs,
  // and which theme is current is read from the site config (cached 5 s, dropped on change).
  const heads = new Map<string, string>();
  const headFor = (theme: FileTheme): string => {
    let html = heads.get(theme.themeID);
    if (html === undefined) {
      const primary = formatColor(themePalette(theme.variables).primary);
      html =
        `<style id="theme-variables">${themeCssVariables(theme.variables)}</style>` +
        `<meta name="theme-color" content="${primary}">`;
      heads.set(theme.themeID, html);
    }
    return html;
  };

  return {
    async list(query: ThemeQuery, origin: string): Promise<Theme[]> {
      const current = await currentTheme();
      return catalog.map((theme) => present(theme, current.themeID, query, origin));
    },

    async get(themeKey: string, query: ThemeQuery, origin: string): Promise<Theme> {
      const theme = find(themeKey);
      if (!theme) throw notFound("Theme");
      return present(theme, (await currentTheme()).themeID, query, origin);
    },

    async current(query: ThemeQuery, origin: string): Promise<Theme> {
      const theme = await currentTheme();
      return present(theme, theme.themeID, query, origin);
    },

    /** The raw variables asset (`/themes/{key}/assets/variables.json`). */
    variables(themeKey: string) {
      const theme = find(themeKey);
      if (!theme) throw notFound("Theme");
      return theme.variables;
    },

    /** Makes a theme the site's current one (site.manage). */
    async setCurrent(viewer: Viewer, body: CurrentThemePut, origin: string): Promise<Theme> {
      authorize(viewer, "site.manage");
      const theme = find(body.themeID);
      if (!theme) throw notFound("Theme");
      await siteConfig.set("theme.current", theme.themeID);
      await events.emit("theme.changed", { themeID: theme.themeID });
      return present(theme, theme.themeID, {}, origin);
    },

    /**
     * Starts or ends this session's preview (site.manage): the theme to put in the preview cookie (null
     * to clear it) and the theme the pages now show.
     */
    async setPreview(
      viewer: Viewer,
      body: ThemePreviewPut,
      origin: string,
    ): Promise<{ cookie: string | null; theme: Theme }> {
      authorize(viewer, "site.manage");
      const current = await currentTheme();
      if (!body.themeID?.trim()) return { cookie: null, theme: present(current, current.themeID, {}, origin) };
      const theme = find(body.themeID);
      if (!theme) throw notFound("Theme");
      return { cookie: theme.themeID, theme: present(theme, current.themeID, {}, origin) };
    },

    /** The theme a preview cookie names, for a viewer who may manage the site; null otherwise. */
    previewed(viewer: Viewer | undefined, cookie: string | undefined): ThemePreview | null {
      if (!viewer || !cookie || !can(viewer, "site.manage")) return null;
      const theme = find(cookie);
      return theme ? { themeID: theme.themeID, revisionID: null, name: theme.name, redirect: themesPagePath } : null;
    },

    /**
     * `<style id="theme-variables">:root{…}</style>` and the theme-color meta of the current theme, or
     * of the one being previewed.
     */
    async headHtml(preview: ThemePreview | null = null): Promise<string> {
      const previewed = preview ? find(preview.themeID) : undefined;
      return headFor(previewed ?? (await currentTheme()));
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
