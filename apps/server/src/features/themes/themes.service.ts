import { formatColor, isValidColor } from "@parley/contracts/colors";
import { isDefaultBreakpoints, resolveBreakpoints, type Breakpoints } from "@parley/contracts/breakpoints";
import type { Clock } from "../../platform/clock.ts";
import {
  limits,
  isSafeImageUrl,
  themeCssVariables,
  themePalette,
  themePreviewVariables,
  themesPagePath,
  type CurrentThemePut,
  type Theme,
  type ThemePatch,
  type ThemePost,
  type ThemePreview,
  type ThemePreviewPut,
  type ThemeQuery,
  type ThemeRevision,
  type ThemeRevisionsQuery,
  type ThemeScript,
  type ThemeScriptsAsset,
  type ThemeTextAsset,
  type ThemeVariables,
  type UserFragment,
} from "@parley/contracts";
import type { Kysely } from "kysely";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import type { DB } from "../../platform/db/schema.ts";
import { badRequest, fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { RequestContext as ThemeRequestContext } from "../../platform/http/request-context.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { DEFAULT_THEME_ID, fileThemes, type FileTheme } from "./themes.catalog.ts";
import { themesPolicy } from "./themes.policy.ts";
import type { ThemesRepo, ThemeWithRevision } from "./themes.repo.ts";
import {
  assetFiles,
  assetsToWrite,
  emptyAssets,
  expandsAsset,
  parseScripts,
  revisionColumns,
  type ThemeAssetName,
  type ThemeAssets,
} from "./themes.assets.ts";

declare module "../../platform/events.ts" {
  interface EventMap {
    /**
     * The site's current theme changed, or a theme of the site's own did: pages rendered before show
     * the old colours.
     */
    "theme.changed": { themeID: string };
  }
}

/**
 * The cookie that holds the theme this browser session previews (`PUT /themes/preview`): a theme's key,
 * or a database theme's id and revision (`12:40`), no secret. Only a viewer who may manage the site
 * sees it applied; it ends with the browser session.
 */
export const THEME_PREVIEW_COOKIE = "parley-theme-preview";

/** How long a process trusts its copy of a database theme (another process may have edited it). */
const DATABASE_THEME_TTL_MS = 5_000;

/** A theme as the service handles it: a built-in one, or a revision of one of the site's own. */
interface ThemeEntry {
  themeID: string;
  type: "themeFile" | "themeDB";
  name: string;
  version: string;
  description: string;
  variables: ThemeVariables;
  assets: ThemeAssets;
  revisionID: number | null;
  revisionName: string | null;
  /** Whether the revision shown is the theme's active one (always for a built-in theme). */
  active: boolean;
  parentTheme?: string;
  dateInserted?: string;
  insertUserID?: number;
}

const fileEntry = (theme: FileTheme): ThemeEntry => ({
  ...theme,
  type: "themeFile",
  assets: emptyAssets(),
  revisionID: null,
  revisionName: null,
  active: true,
});

function databaseEntry({ theme, revision }: ThemeWithRevision): ThemeEntry {
  let variables: ThemeVariables = {};
  try {
    variables = JSON.parse(revision.variables) as ThemeVariables;
  } catch {
    // A revision written by this service is JSON; anything else shows the defaults.
  }
  return {
    themeID: String(theme.themeID),
    type: "themeDB",
    name: theme.name,
    version: theme.parentVersion,
    description: `Based on ${fileThemes.find((file) => file.themeID === theme.parentTheme)?.name ?? theme.parentTheme}.`,
    variables,
    assets: {
      header: revision.header,
      footer: revision.footer,
      styles: revision.styles,
      javascript: revision.javascript,
      scripts: parseScripts(revision.scripts),
    },
    revisionID: revision.revisionID,
    revisionName: revision.revisionName,
    active: revision.revisionID === theme.revisionID,
    parentTheme: theme.parentTheme,
    dateInserted: toRfc3339(theme.dateInserted),
    insertUserID: theme.insertUserID,
  };
}

/** A database theme's id, from the key a caller gave (`"12"`); null for anything else. */
const databaseID = (key: string) => (/^\d{1,9}$/.test(key.trim()) ? Number(key.trim()) : null);

/** The colours a theme's variables may set: each must be one the CSS can read (422 otherwise). */
const COLOR_PATHS = [
  ["global", "mainColors", "primary"],
  ["global", "mainColors", "bg"],
  ["global", "mainColors", "fg"],
  ["global", "body", "backgroundImage", "color"],
  ["global", "border", "color"],
  ["buttons", "primary", "bg"],
  ["buttons", "primary", "fg"],
  ["buttons", "primary", "border"],
  ["buttons", "standard", "bg"],
  ["buttons", "standard", "fg"],
  ["buttons", "standard", "border"],
  ["titleBar", "colors", "bg"],
  ["titleBar", "colors", "fg"],
  ["global", "links", "colors", "default"],
] as const;

/** The image addresses a theme's variables may set: each an address of the web or of this site (422 otherwise). */
const IMAGE_PATHS = [
  ["titleBar", "logo", "desktop", "url"],
  ["titleBar", "logo", "mobile", "url"],
] as const;

const readVariable = (variables: ThemeVariables, path: readonly string[]): unknown => {
  let value: unknown = variables;
  for (const key of path)
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
};

/** Checks the colours and image addresses a theme's variables set: all of them, one 422 naming each bad field. */
function checkVariables(variables: ThemeVariables): void {
  const images = IMAGE_PATHS.flatMap((path) => {
    const value = readVariable(variables, path);
    if (value === undefined || value === "" || (typeof value === "string" && isSafeImageUrl(value))) return [];
    return [
      fieldError(
        `assets.variables.data.${path.join(".")}`,
        "invalid",
        "Use an image address starting with https://, http:// or / (no spaces, quotes or brackets).",
        422,
      ),
    ];
  });
  const colors = COLOR_PATHS.flatMap((path) => {
    const value = readVariable(variables, path);
    if (value === undefined || (typeof value === "string" && isValidColor(value))) return [];
    return [
      fieldError(
        `assets.variables.data.${path.join(".")}`,
        "invalid",
        "Use a colour in hex with 3 or 6 digits, rgb(), rgba(), hsl() or hsla().",
        422,
      ),
    ];
  });
  const errors = [...colors, ...images];
  if (errors.length) throw validationFailed(errors);
}

/**
 * What a theme puts in a page (`pageParts`): HTML for the head, its custom header and footer (sanitised when saved;
 * the app's layout shows them in its landmarks), the scripts at the body's end, and the CSP's scripts.
 */
export interface ThemePageParts {
  head: string;
  header: string;
  footer: string;
  bodyEnd: string;
  /** The script addresses the page loads from elsewhere, for the CSP's `script-src`. */
  scriptSources: string[];
  /** The theme's layout breakpoints when it moves any from §9's (the page's stylesheet follows them), else null. */
  breakpoints: Breakpoints | null;
}

const attr = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function pagePartsOf(theme: ThemeEntry, scripts: boolean): ThemePageParts {
  const { header, footer, styles, javascript } = theme.assets;
  const base = `/api/v2/themes/${encodeURIComponent(theme.themeID)}/assets`;
  // The revision in the address: a new one is a new address, and a preview reads the one it shows.
  const revision = theme.revisionID ? `?revisionID=${theme.revisionID}` : "";
  const primary = formatColor(themePalette(theme.variables).primary);
  const external = scripts ? theme.assets.scripts.map((script) => script.url) : [];
  const breakpoints = resolveBreakpoints(theme.variables.layout?.breakpoints);
  return {
    head:
      `<style id="theme-variables">${themeCssVariables(theme.variables)}</style>` +
      `<meta name="theme-color" content="${primary}">` +
      // The styles are a file of their own (text/css): nothing in them can reach the HTML.
      (styles ? `<link rel="stylesheet" id="theme-styles" href="${attr(`${base}/styles.css${revision}`)}">` : ""),
    // Sanitised when saved (themes.assets.ts): the app renders them as they are, for readers without JavaScript too.
    header,
    footer,
    bodyEnd:
      (scripts && javascript ? `<script src="${attr(`${base}/javascript.js${revision}`)}" defer></script>` : "") +
      external.map((url) => `<script src="${attr(url)}" defer></script>`).join(""),
    scriptSources: external,
    breakpoints: isDefaultBreakpoints(breakpoints) ? null : breakpoints,
  };
}

export interface ThemesServiceOptions {
  siteConfig: SiteConfig;
  events: EventBus;
  db: Kysely<DB>;
  repo: ThemesRepo;
  users: { load(userIDs: Iterable<number>, origin: string): Promise<Map<number, UserFragment>> };
  catalog?: readonly FileTheme[];
  clock: Clock;
}

/**
 * Themes: the built-in file themes, the site's own (database themes with revisions), the site's
 * current one, and its CSS for every page's head.
 */
export function createThemesService({
  siteConfig,
  events,
  db,
  repo,
  users,
  catalog = fileThemes,
  clock,
}: ThemesServiceOptions) {
  const findFile = (key: string) => catalog.find((theme) => theme.themeID.toLowerCase() === key.trim().toLowerCase());
  const fallback = fileEntry(findFile(DEFAULT_THEME_ID) ?? catalog[0]!);

  // Database themes as each process last read them (pages read the current one on every render).
  const cached = new Map<string, { entry: ThemeEntry | undefined; until: number }>();
  events.on("theme.changed", () => cached.clear());

  /** A theme by key or id, with the revision given (a database theme's), or undefined. */
  async function find(key: string, revisionID: number | null = null): Promise<ThemeEntry | undefined> {
    const file = findFile(key);
    if (file) return fileEntry(file);
    const id = databaseID(key);
    if (id === null) return undefined;
    const cacheKey = `${id}:${revisionID ?? ""}`;
    const hit = cached.get(cacheKey);
    if (hit && hit.until > Date.now()) return hit.entry;
    const found = await repo.find(id, revisionID);
    const entry = found ? databaseEntry(found) : undefined;
    cached.set(cacheKey, { entry, until: Date.now() + DATABASE_THEME_TTL_MS });
    return entry;
  }

  const mustFind = async (key: string, revisionID: number | null = null) => {
    const entry = await find(key, revisionID);
    if (!entry) throw notFound(revisionID ? "Theme revision" : "Theme");
    return entry;
  };

  /** The stored choice, or the default when it names a theme that is gone. */
  const currentTheme = async (): Promise<ThemeEntry> => (await find(await siteConfig.get("theme.current"))) ?? fallback;

  /** An asset as Vanilla describes it: its address, type and content type. */
  const assetOut = (theme: ThemeEntry, name: ThemeAssetName, origin: string) => ({
    url: `${origin}/api/v2/themes/${encodeURIComponent(theme.themeID)}/assets/${name}.${assetFiles[name].extension}`,
    type: assetFiles[name].type,
    "content-type": assetFiles[name].contentType,
  });

  /** The variables asset: its address, type and (when asked) its JSON. */
  const variablesAsset = (theme: ThemeEntry, origin: string, withData: boolean) => ({
    ...assetOut(theme, "variables", origin),
    ...(withData ? { data: theme.variables } : {}),
  });

  /** Whether the site's pages include the theme's JavaScript and scripts (off unless an administrator turns it on). */
  const scriptsInPages = () => siteConfig.get("themes.allowCustomScripts");

  /** Which of a theme's assets a viewer may read (themesPolicy.canReadAsset), given the site's current theme. */
  async function readAccess(viewer: Viewer, currentID: string) {
    const scripts = await scriptsInPages();
    return (theme: ThemeEntry, name: ThemeAssetName) =>
      themesPolicy.canReadAsset(viewer, {
        name,
        shownToReaders: theme.themeID === currentID && theme.active,
        scriptsInPages: scripts,
      });
  }

  /** Every asset of a theme, `data` of those expanded that the viewer may read. */
  const presentAssets = (
    theme: ThemeEntry,
    query: ThemeQuery,
    origin: string,
    readable: (theme: ThemeEntry, name: ThemeAssetName) => boolean,
  ): Theme["assets"] => {
    const withData = (name: ThemeAssetName) => expandsAsset(query.expand, name) && readable(theme, name);
    const text = (name: "header" | "footer" | "styles" | "javascript") => ({
      ...assetOut(theme, name, origin),
      ...(withData(name) ? { data: theme.assets[name] } : {}),
    });
    return {
      variables: variablesAsset(theme, origin, withData("variables")),
      header: text("header"),
      footer: text("footer"),
      styles: text("styles"),
      javascript: text("javascript"),
      scripts: {
        ...assetOut(theme, "scripts", origin),
        ...(withData("scripts") ? { data: theme.assets.scripts } : {}),
      },
    };
  };

  const present = (
    theme: ThemeEntry,
    currentID: string,
    query: ThemeQuery,
    origin: string,
    readable: (theme: ThemeEntry, name: ThemeAssetName) => boolean,
  ): Theme => ({
    themeID: theme.themeID,
    type: theme.type,
    name: theme.name,
    version: theme.version,
    revisionID: theme.revisionID,
    current: theme.themeID === currentID,
    active: theme.active,
    assets: presentAssets(theme, query, origin, readable),
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
    ...(theme.type === "themeDB"
      ? {
          parentTheme: theme.parentTheme!,
          revisionName: theme.revisionName,
          dateInserted: theme.dateInserted!,
          insertUserID: theme.insertUserID!,
        }
      : {}),
  });

  // What each theme (and revision) puts in a page, computed once: a revision never changes.
  const parts = new Map<string, ThemePageParts>();
  const partsFor = (theme: ThemeEntry, scripts: boolean): ThemePageParts => {
    const key = `${theme.themeID}:${theme.revisionID ?? ""}:${scripts}`;
    let found = parts.get(key);
    if (found === undefined) {
      found = pagePartsOf(theme, scripts);
      if (parts.size >= 100) parts.delete(parts.keys().next().value as string);
      parts.set(key, found);
    }
    return found;
  };

  const changed = async (themeID: string) => {
    cached.clear();
    await events.emit("theme.changed", { themeID });
  };

  /** A database theme by its id in the path, or 404 (a built-in theme cannot be edited). */
  const databaseTheme = (key: string) => {
    const id = databaseID(key);
    if (id === null) {
      if (findFile(key)) throw badRequest("A built-in theme can't be changed: copy it into a theme of your own.");
      throw notFound("Theme");
    }
    return id;
  };

  /** A theme just written, as its answer: every asset's data (the writer may manage the site). */
  const presentSaved = async (themeID: string, { origin }: ThemeRequestContext) =>
    present(await mustFind(themeID), (await currentTheme()).themeID, { expand: ["all"] }, origin, () => true);

  return {
    async list(query: ThemeQuery, context: ThemeRequestContext): Promise<Theme[]> {
      const [current, own] = await Promise.all([currentTheme(), repo.listActive()]);
      const readable = await readAccess(context.viewer, current.themeID);
      return [...catalog.map(fileEntry), ...own.map(databaseEntry)].map((theme) =>
        present(theme, current.themeID, query, context.origin, readable),
      );
    },

    /** A theme; `revisionID` (0 or none: the active one) shows one of a database theme's revisions. */
    async get(
      themeKey: string,
      query: ThemeQuery & { revisionID?: number },
      context: ThemeRequestContext,
    ): Promise<Theme> {
      const theme = await mustFind(themeKey, query.revisionID || null);
      const { themeID } = await currentTheme();
      return present(theme, themeID, query, context.origin, await readAccess(context.viewer, themeID));
    },

    async current(query: ThemeQuery, context: ThemeRequestContext): Promise<Theme> {
      const theme = await currentTheme();
      return present(theme, theme.themeID, query, context.origin, await readAccess(context.viewer, theme.themeID));
    },

    /** The raw variables asset (`/themes/{key}/assets/variables.json`). */
    async variables(themeKey: string) {
      return (await mustFind(themeKey)).variables;
    },

    /** The variables asset with its JSON (`/themes/{key}/assets/variables`). */
    async variablesAsset(themeKey: string, origin: string) {
      return variablesAsset(await mustFind(themeKey), origin, true);
    },

    /**
     * One of a theme's other assets (`/themes/{key}/assets/{name}(.ext)`), of its active revision or the one
     * given: its data, and its description with the data. 403 unless the viewer may read it (canReadAsset).
     */
    async asset(
      themeKey: string,
      name: Exclude<ThemeAssetName, "variables">,
      revisionID: number | null,
      context: ThemeRequestContext,
    ): Promise<{ data: string | ThemeScript[]; asset: ThemeTextAsset | ThemeScriptsAsset; lastModified: string }> {
      const [theme, current] = await Promise.all([mustFind(themeKey, revisionID), currentTheme()]);
      requireAccess(context.viewer, themesPolicy.canReadAsset, {
        name,
        shownToReaders: theme.themeID === current.themeID && theme.active,
        scriptsInPages: await scriptsInPages(),
      });
      return {
        data: theme.assets[name],
        asset: { ...assetOut(theme, name, context.origin), data: theme.assets[name] } as
          ThemeTextAsset | ThemeScriptsAsset,
        lastModified: theme.dateInserted ?? new Date(0).toISOString(),
      };
    },

    /** Makes a theme the site's current one (site.manage). */
    async setCurrent(body: CurrentThemePut, context: ThemeRequestContext): Promise<Theme> {
      requireAccess(context.viewer, themesPolicy.canManage);
      const theme = await mustFind(body.themeID);
      await siteConfig.set("theme.current", theme.themeID);
      await changed(theme.themeID);
      return present(theme, theme.themeID, {}, context.origin, await readAccess(context.viewer, theme.themeID));
    },

    /** `POST /themes`: a theme of the site's own, from a built-in one (site.manage); its first revision. */
    async create(body: ThemePost, context: ThemeRequestContext): Promise<Theme> {
      const { viewer, origin } = context;
      requireAccess(viewer, themesPolicy.canManage);
      const parent = findFile(body.parentTheme);
      if (!parent)
        throw validationFailed([fieldError("parentTheme", "invalid", "Choose one of the built-in themes.", 422)]);
      const variables = body.assets?.variables?.data ?? parent.variables;
      checkVariables(variables);
      const written = assetsToWrite(body.assets, origin);
      const now = clock.nowIso();
      const themeID = await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const id = await scoped.insertTheme({
          name: body.name.trim(),
          parentTheme: parent.themeID,
          parentVersion: body.parentVersion ?? parent.version,
          revisionID: null,
          insertUserID: viewer.userID,
          dateInserted: now,
          updateUserID: null,
          dateUpdated: null,
        });
        const revisionID = await scoped.insertRevision({
          themeID: id,
          revisionName: body.revisionName?.trim() || null,
          ...revisionColumns(emptyAssets(), written, variables),
          insertUserID: viewer.userID,
          dateInserted: now,
        });
        await scoped.updateTheme(id, { revisionID });
        return id;
      });
      await changed(String(themeID));
      return presentSaved(String(themeID), context);
    },

    /**
     * `PATCH /themes/{id}` (site.manage): new variables make a new revision, the active one; a
     * `revisionID` of the theme's makes that revision active again; the name changes in place.
     */
    async update(themeKey: string, body: ThemePatch, context: ThemeRequestContext): Promise<Theme> {
      const { viewer, origin } = context;
      requireAccess(viewer, themesPolicy.canManage);
      const id = databaseTheme(themeKey);
      if (body.parentTheme !== undefined && !findFile(body.parentTheme))
        throw validationFailed([fieldError("parentTheme", "invalid", "Choose one of the built-in themes.", 422)]);
      const variables = body.assets?.variables?.data;
      if (variables) checkVariables(variables);
      const written = assetsToWrite(body.assets, origin);
      const newRevision = variables !== undefined || Object.keys(written).length > 0;
      if (newRevision && body.revisionID !== undefined)
        throw badRequest("Give new assets or a revision to restore, not both.");
      const now = clock.nowIso();
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const existing = await scoped.find(id);
        if (!existing) throw notFound("Theme");
        let revisionID = existing.theme.revisionID;
        if (body.revisionID !== undefined) {
          if (!(await scoped.hasRevision(id, body.revisionID))) throw notFound("Theme revision");
          revisionID = body.revisionID;
        }
        if (newRevision) {
          // The assets not written are the active revision's.
          const base = databaseEntry(existing);
          revisionID = await scoped.insertRevision({
            themeID: id,
            revisionName: body.revisionName?.trim() || null,
            ...revisionColumns(base.assets, written, variables ?? base.variables),
            insertUserID: viewer.userID,
            dateInserted: now,
          });
        }
        await scoped.updateTheme(id, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.parentTheme !== undefined ? { parentTheme: findFile(body.parentTheme)!.themeID } : {}),
          ...(body.parentVersion !== undefined ? { parentVersion: body.parentVersion } : {}),
          revisionID,
          updateUserID: viewer.userID,
          dateUpdated: now,
        });
      });
      await changed(String(id));
      return presentSaved(String(id), context);
    },

    /** `DELETE /themes/{id}` (site.manage): a theme of the site's own that is not the current one. */
    async remove(themeKey: string, context: ThemeRequestContext): Promise<void> {
      requireAccess(context.viewer, themesPolicy.canManage);
      const id = databaseTheme(themeKey);
      if ((await currentTheme()).themeID === String(id))
        throw badRequest("The current theme can't be deleted: apply another theme first.");
      await db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        if (!(await scoped.find(id))) throw notFound("Theme");
        await scoped.remove(id);
      });
      await changed(String(id));
    },

    /** `GET /themes/{id}/revisions` (site.manage): newest first, the active one marked. */
    async revisions(
      themeKey: string,
      query: ThemeRevisionsQuery,
      context: ThemeRequestContext,
    ): Promise<ThemeRevision[]> {
      const { viewer, origin } = context;
      requireAccess(viewer, themesPolicy.canManage);
      const id = databaseTheme(themeKey);
      const theme = await mustFind(String(id));
      const limit = query.limit ?? limits.themes.revisionsPageLimit;
      const rows = await repo.revisions(id, ((query.page ?? 1) - 1) * limit, limit);
      const [current, fragments] = await Promise.all([
        currentTheme(),
        users.load(
          rows.map((row) => row.insertUserID),
          origin,
        ),
      ]);
      return rows.map((row) => ({
        themeID: theme.themeID,
        type: "themeDB",
        name: theme.name,
        revisionID: row.revisionID,
        revisionName: row.revisionName,
        active: row.revisionID === theme.revisionID,
        current: current.themeID === theme.themeID,
        dateInserted: toRfc3339(row.dateInserted),
        insertUserID: row.insertUserID,
        ...(fragments.has(row.insertUserID) ? { insertUser: fragments.get(row.insertUserID)! } : {}),
      }));
    },

    /**
     * Starts or ends this session's preview (site.manage): the value to put in the preview cookie (null
     * to clear it) and the theme the pages now show.
     */
    async setPreview(
      body: ThemePreviewPut,
      context: ThemeRequestContext,
    ): Promise<{ cookie: string | null; theme: Theme }> {
      const { viewer, origin } = context;
      requireAccess(viewer, themesPolicy.canManage);
      const current = await currentTheme();
      const readable = await readAccess(viewer, current.themeID);
      if (!body.themeID?.trim())
        return { cookie: null, theme: present(current, current.themeID, {}, origin, readable) };
      const theme = await mustFind(body.themeID, body.revisionID || null);
      const cookie = theme.type === "themeDB" && !theme.active ? `${theme.themeID}:${theme.revisionID}` : theme.themeID;
      return { cookie, theme: present(theme, current.themeID, {}, origin, readable) };
    },

    /** The theme a preview cookie names, for a viewer who may manage the site; null otherwise. */
    async previewed(viewer: Viewer | undefined, cookie: string | undefined): Promise<ThemePreview | null> {
      if (!viewer || !cookie || !themesPolicy.canManage(viewer)) return null;
      const [key, revision] = cookie.split(":");
      const revisionID = revision && /^\d{1,9}$/.test(revision) ? Number(revision) : null;
      const theme = await find(key ?? "", revisionID);
      if (!theme) return null;
      return {
        themeID: theme.themeID,
        revisionID: theme.type === "themeDB" && !theme.active ? theme.revisionID : null,
        name: theme.name,
        redirect: themesPagePath,
      };
    },

    /** Whether a theme of this key or id exists (a subcommunity's theme). */
    async exists(themeKey: string): Promise<boolean> {
      return (await find(themeKey)) !== undefined;
    },

    /** The current theme's logo images (title bar), or nulls for the site's name as text. */
    async logo(): Promise<{ imageUrl: string | null; imageUrlMobile: string | null }> {
      const logo = (await currentTheme()).variables.titleBar?.logo;
      const safe = (url: string | undefined) => (url && isSafeImageUrl(url) ? url : null);
      return { imageUrl: safe(logo?.desktop?.url), imageUrlMobile: safe(logo?.mobile?.url) };
    },

    /**
     * What the current theme (or the one being previewed) puts in every page: in the head its variables'
     * `<style id="theme-variables">`, the theme-color meta and its styles' stylesheet; the custom header and footer
     * (the app's layout puts them after the skip link and in the footer); its scripts only while
     * `themes.allowCustomScripts` is on.
     */
    async pageParts(preview: Pick<ThemePreview, "themeID" | "revisionID"> | null = null): Promise<ThemePageParts> {
      const previewed = preview ? await find(preview.themeID, preview.revisionID) : undefined;
      return partsFor(previewed ?? (await currentTheme()), await scriptsInPages());
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
