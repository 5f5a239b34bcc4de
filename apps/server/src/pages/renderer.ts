import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Readable } from "node:stream";
import type { SiteSectionLink } from "@parley/contracts";

/**
 * The web app's server entry as the server sees it. The server does not import the web package
 * (the web app must never reach server code, and the server runs the built bundle), so the shape
 * is declared here and checked by the pages tests.
 */
export interface WebApiRequest {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface WebApiResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface PageAssets {
  scripts: string[];
  styles: string[];
  preloads?: string[];
  /** The boot script of the pages that hydrate on intent (guests' reading pages); the build's only. */
  boot?: string;
  headHtml?: string;
  /** The theme's custom header and footer (sanitised HTML): the app's layout renders them, and they hydrate as they are. */
  themeHeaderHtml?: string;
  themeFooterHtml?: string;
  /** The theme's scripts (while `themes.allowCustomScripts` is on), after the app. */
  bodyEndHtml?: string;
}

interface WebRenderInput {
  url: string;
  /** GET renders the page; POST runs the route's action with the submitted form (pages work without JavaScript). */
  method: "GET" | "POST";
  /** The form's fields; a multipart form's files as `File`s. */
  form?: Array<[string, string | File]>;
  transport: (request: WebApiRequest) => Promise<WebApiResponse>;
  assets: PageAssets;
  /** The signed-in session's transient key, for the forms' hidden field (CSRF without JavaScript). */
  transientKey: string | null;
  /** The interface locale (`en`, `fr`…) and the reader's choice it came from (the locale cookie). */
  locale?: string;
  chosenLocale?: string;
  /** The subcommunity whose address the page is at (`/{folder}/…`): the app's routes run under its base path. */
  siteSection?: SiteSectionLink;
  /** Stream the page even when it could render in one pass (tests compare the two). */
  streamed?: boolean;
}

/** A page: the whole document, or a stream when part of it waited on data (entry-server.tsx). */
type WebRenderOutput =
  { kind: "redirect"; status: number; location: string } | { kind: "page"; status: number; body: string | Readable };

export interface WebRenderer {
  render(input: WebRenderInput): Promise<WebRenderOutput>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** Vite's manifest key for the single stylesheet of a build without CSS code splitting. */
const bundledStyles = "style.css";

/**
 * The client entry's script, its static imports (preloaded), every CSS file they pull in, and the boot
 * script that loads the entry on intent (apps/web/src/lib/hydrate-on-intent.ts).
 */
function assetsFromManifest(
  manifest: Record<string, ManifestChunk>,
  entry = "src/main.tsx",
  bootEntry = "src/boot.ts",
): PageAssets {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`The web build's manifest has no entry "${entry}".`);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string, isEntry: boolean) => {
    const item = manifest[key];
    if (!item) return;
    for (const css of item.css ?? []) styles.add(`/${css}`);
    if (!isEntry) {
      if (preloads.has(`/${item.file}`)) return;
      preloads.add(`/${item.file}`);
    }
    for (const imported of item.imports ?? []) visit(imported, false);
  };
  visit(entry, true);
  // The client build keeps every style in one file (`cssCodeSplit: false`), listed on its own.
  const bundled = manifest[bundledStyles];
  if (bundled) styles.add(`/${bundled.file}`);
  const boot = manifest[bootEntry];
  return {
    scripts: [`/${chunk.file}`],
    styles: [...styles],
    preloads: [...preloads],
    ...(boot ? { boot: `/${boot.file}` } : {}),
  };
}

/** Loads the built web app: `dist/client` (assets + manifest) and `dist/server/entry-server.js`. */
export async function loadBuiltWeb(
  webDistDir: string,
): Promise<{ renderer: WebRenderer; assets: PageAssets; clientDir: string }> {
  const clientDir = path.join(webDistDir, "client");
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");
  const serverEntry = path.join(webDistDir, "server", "entry-server.js");
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverEntry)) {
    throw new Error(`The web app is not built in ${webDistDir}: run "npm run build".`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const renderer = (await import(pathToFileURL(serverEntry).href)) as WebRenderer;
  return { renderer, assets: assetsFromManifest(manifest), clientDir };
}
