import path from "node:path";
import fastifyStatic from "@fastify/static";
import { pageFormUploadLimits, uploadMessages } from "@parley/contracts";
import { safeTarget } from "@parley/contracts/urls";
import { badRequest } from "../platform/errors.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { originOf } from "../platform/http/pagination.ts";
import { createInProcessReads } from "../platform/http/in-process-reads.ts";
import type { PageAssets, WebRenderer } from "./renderer.ts";
import { pageDataTransport } from "./page-data.ts";
import { embedScriptPath } from "../features/embed/index.ts";
import { createGuestPageCache } from "./guest-cache.ts";
import { registerLocaleRoute, pageLocale } from "./locale.ts";
import { siteSectionOf } from "../platform/http/site-section.ts";
import type { Breakpoints } from "@parley/contracts/breakpoints";
import { registerThemedStyles, themedStylesHref } from "./themed-styles.ts";

interface PageThemeParts {
  head: string;
  header: string;
  footer: string;
  bodyEnd: string;
  scriptSources: string[];
  /** The theme's layout breakpoints when they are not §9's: the page links the stylesheet at them. */
  breakpoints: Breakpoints | null;
}

/** The search results page (`/search?query=…`), in the section's own paths (`rewriteUrl` took its folder off). */
const SEARCH_PAGE = /^\/search(?:[/?]|$)/;

/**
 * The page's CSP with script addresses added to its `script-src` (each an exact address, checked when saved, so
 * nothing else on their hosts runs); the CSP as it was when there are none or it names no `script-src`.
 */
function withScriptSources(csp: string, urls: readonly string[]): string {
  if (urls.length === 0) return csp;
  return csp.replace(
    /(^|;)(\s*script-src\s[^;]*)/,
    (_match, start: string, directive: string) => `${start}${directive} ${urls.join(" ")}`,
  );
}

export interface PagesOptions {
  renderer: () => Promise<WebRenderer>;
  assets: (url: string) => Promise<PageAssets>;
  /** The client build to serve statically (production); absent in dev, where Vite serves it. */
  clientDir?: string;
  /** Runs before the page routes are added (dev: Vite's middleware). */
  setup?: (app: FastifyInstance) => Promise<void>;
  /** Keep guests' rendered pages this long (0 or absent: no cache, as in development and tests). */
  guestCacheTtlMs?: number;
  /**
   * What the theme puts in a page for a request (the current one, or the one it previews): its head markup
   * (`<style id="theme-variables">`, theme-color meta, styles' stylesheet), custom header and footer, and the
   * addresses of the scripts it loads from elsewhere (added to the CSP's `script-src`).
   */
  themeParts?: (request: FastifyRequest) => Promise<PageThemeParts>;
  /** A page answered 200 to a GET (the site's analytics count it as a page view). */
  onPageView?: (request: FastifyRequest) => void;
  /** Offer the right-to-left pseudo-locale `ar-XB` (`PARLEY_PSEUDO_LOCALE`; always in development). */
  pseudoLocale?: boolean;
}

/**
 * A submitted form as its name and value pairs: a repeated field (checkboxes of one name) keeps every value, as the
 * browser sent them (qs makes it an array, or past its array limit an object of index → value); a multipart form's
 * files as they came.
 */
function formOf(body: unknown): Array<[string, string | File]> {
  const form: Array<[string, string | File]> = [];
  if (body && typeof body === "object") {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      const indexed =
        value !== null &&
        typeof value === "object" &&
        !(value instanceof File) &&
        Object.keys(value).every((key) => /^\d+$/.test(key));
      const values: unknown[] = Array.isArray(value) ? value : indexed ? Object.values(value) : [value];
      for (const item of values) if (typeof item === "string" || item instanceof File) form.push([name, item]);
    }
  }
  return form;
}

/**
 * A page's form posted as multipart/form-data (one with a file field, which works without JavaScript): read whole,
 * within `pageFormUploadLimits`, into the same shape as an urlencoded form's (a field's values, an array when repeated),
 * its files as `File`s. So the CSRF check reads its transient key as it reads any form's.
 */
async function parseMultipartForm(request: FastifyRequest, raw: Buffer): Promise<Record<string, unknown>> {
  const form = await new Response(raw, { headers: { "content-type": String(request.headers["content-type"]) } })
    .formData()
    .catch(() => {
      throw badRequest(uploadMessages.malformed);
    });
  const body: Record<string, string | File | Array<string | File>> = {};
  let files = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" && ++files > pageFormUploadLimits.maxFiles)
      throw badRequest(`A form takes at most ${pageFormUploadLimits.maxFiles} files.`);
    const previous = body[name];
    body[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return body;
}

/** The generic error page of spec §2, for when rendering itself failed. */
export function sendPlainErrorPage(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>There was an error</title></head>` +
        `<body><main id="content"><h1>There was an error</h1><p>Please try again later.</p>` +
        `<p><a href="/">Back to Home</a></p></main></body></html>`,
    );
}

/**
 * Every page route: the React app rendered on the server with its data, then hydrated.
 * Unknown paths render the app's not-found page with status 404.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  await options.setup?.(app);
  if (options.clientDir) {
    // The embed script is loaded by host pages of other origins (`GET /api/v2/assets/embed-script`).
    app.addHook("onRequest", (request, reply, done) => {
      if (request.url === embedScriptPath || request.url.startsWith(`${embedScriptPath}?`))
        reply.header("cross-origin-resource-policy", "cross-origin");
      done();
    });
    await app.register(fastifyStatic, {
      root: options.clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      // The build wrote brotli and gzip copies beside the assets (scripts/build.mjs): served in place of the
      // original when accepted, never routes of their own (half the files: a GET and a HEAD route each at start).
      preCompressed: app.compressesAnswers,
      globIgnore: ["**/*.br", "**/*.gz"],
      serveDotFiles: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        );
      },
    });
    registerThemedStyles(app, options.clientDir);
  }

  const cache = options.guestCacheTtlMs
    ? createGuestPageCache(app.platform.contentChanges, {
        ttlMs: options.guestCacheTtlMs,
        maxEntries: 1_000,
        // ≈ 300 long discussion pages with their compressed copies.
        maxSize: 32_000_000,
      })
    : null;
  const isGuestRead = (request: FastifyRequest) =>
    request.method === "GET" && request.viewer?.via === "guest" && request.headers.cookie === undefined;
  // Search results are rendered every time: each search is one against the reader's address's search limit and
  // one for the site's analytics (searches that found nothing), and a long tail of queries would only fill the cache.
  const keptForGuests = (request: FastifyRequest) => !SEARCH_PAGE.test(request.url);

  // Embedding (spec §4): the host page's origin may frame the pages, when the site allows it.
  const allowFraming = async (reply: FastifyReply) => {
    const config = app.platform.siteConfig;
    if (!(await config.get("embed.enabled"))) return;
    const remote = await config.get("embed.remoteUrl");
    const origin = URL.canParse(remote) ? new URL(remote).origin : "null";
    if (origin === "null") return;
    reply.removeHeader("x-frame-options");
    reply.headers(app.framingHeaders(origin));
  };

  registerLocaleRoute(app, { pseudo: options.pseudoLocale === true });

  // The pages' GET calls answered in-process for the page's own viewer (see page-data.ts).
  const reads = createInProcessReads(app);
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    await allowFraming(reply);
    const theme = await options.themeParts?.(request);
    const csp = reply.getHeader("content-security-policy");
    if (theme?.scriptSources.length && typeof csp === "string")
      reply.header("content-security-policy", withScriptSources(csp, theme.scriptSources));
    // A subcommunity's page (`/{folder}/…`, issue 40): the app's routes run under its base path, in its locale.
    const section = siteSectionOf(request);
    // The page's words depend on the locale cookie, else the subcommunity's, else (a first visit) Accept-Language.
    const locale = pageLocale(request, options.pseudoLocale === true, section?.locale);
    reply.header("vary", "Cookie, Accept-Language");
    // The path asked (with its section) and the locale: a page's links come from the configured site address,
    // not from Host, and a guest's page in French is never served to an English guest.
    const address = request.originalUrl;
    const cacheKey = `${locale.locale} ${address}`;
    const cacheable = cache !== null && isGuestRead(request) && keptForGuests(request);
    if (cacheable) {
      const hit = cache.get(cacheKey);
      if (hit) {
        if (hit.status === 200) options.onPageView?.(request);
        reply
          .code(hit.status)
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache, private")
          .header("x-parley-cache", "hit");
        return cache.send(request, reply, cacheKey, hit);
      }
    }
    const renderer = await options.renderer();
    const setCookies: string[] = [];
    const assets = await options.assets(request.url);
    const output = await renderer.render({
      url: `${originOf(request)}${address}`,
      ...(section
        ? {
            siteSection: {
              siteSectionID: section.siteSectionID,
              name: section.name,
              basePath: section.basePath,
              locale: section.locale,
              categoryID: section.categoryID,
            },
          }
        : {}),
      method: request.method === "POST" ? "POST" : "GET",
      ...(request.method === "POST" ? { form: formOf(request.body) } : {}),
      transport: pageDataTransport(app, reads, request, setCookies),
      assets: theme
        ? {
            ...assets,
            // Built stylesheets only: in development Vite serves the styles through their modules.
            styles: options.clientDir
              ? assets.styles.map((href) => themedStylesHref(href, theme.breakpoints))
              : assets.styles,
            headHtml: `${assets.headHtml ?? ""}${theme.head}`,
            themeHeaderHtml: theme.header,
            themeFooterHtml: theme.footer,
            bodyEndHtml: theme.bodyEnd,
          }
        : assets,
      transientKey: request.viewer?.session?.transientKey ?? null,
      locale: locale.locale,
      chosenLocale: locale.chosen,
    });
    if (setCookies.length) reply.header("set-cookie", setCookies);
    reply.header("cache-control", "no-cache, private");
    // After a form post, "see other": the browser then GETs the target. A path on this site passes the
    // one check of return addresses again (a Target that slipped past it goes home, never to a 500).
    if (output.kind === "redirect") {
      const location = output.location.startsWith("/") ? safeTarget(output.location) : output.location;
      return reply.redirect(location, request.method === "POST" ? 303 : output.status);
    }
    reply.code(output.status).type("text/html; charset=utf-8");
    if (request.method === "GET" && output.status === 200) options.onPageView?.(request);
    if (cacheable && (output.status === 200 || output.status === 404) && setCookies.length === 0) {
      let html = "";
      if (typeof output.body === "string") html = output.body;
      else for await (const chunk of output.body) html += String(chunk);
      const entry = cache.set(cacheKey, { status: output.status, body: Buffer.from(html), encoded: {} });
      return cache.send(request, reply.header("x-parley-cache", "miss"), cacheKey, entry);
    }
    return reply.send(output.body);
  };

  app.get("/*", { schema: { hide: true } }, renderPage);
  // Form posts: urlencoded as every page's, multipart for the forms with a file (only here, with a size cap).
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      "multipart/form-data",
      { parseAs: "buffer", bodyLimit: pageFormUploadLimits.maxSize },
      async (request: FastifyRequest, raw: Buffer) => parseMultipartForm(request, raw),
    );
    forms.post("/*", { schema: { hide: true } }, renderPage);
  });
}
