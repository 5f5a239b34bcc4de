import { AsyncLocalStorage } from "node:async_hooks";
import type { Readable } from "node:stream";
import { dehydrate } from "@tanstack/react-query";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from "react-router";
import { createApiClient, type ApiTransport } from "./lib/api.ts";
import { escapeJsonForScript, renderHeadTags, type HeadCollector } from "./lib/head.tsx";
import { serializeErrors, STATE_ELEMENT_ID, type PageState } from "./lib/hydration.ts";
import { APP_ATTRIBUTE, hydratesOnIntent } from "./lib/hydrate-on-intent.ts";
import { siteQuery } from "./lib/site.ts";
import { wholeSite } from "./lib/site-section.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { Providers } from "./Providers.tsx";
import { createRoutes, type RouteDeps } from "./router.tsx";
import { directionOf } from "@parley/contracts/interface-locales";
import type { SiteSectionLink } from "@parley/contracts";
import { inLocale, localeState } from "./server-locale.ts";
import { renderInOnePass, renderStreamed } from "./server-render.ts";

export interface RenderInput {
  /** Absolute URL of the page (`http://localhost:3000/categories?x=1`). */
  url: string;
  /** GET renders; POST runs the matched route's action with `form` (a plain HTML form post; with a file, multipart). */
  method?: "GET" | "POST";
  form?: Array<[string, string | File]>;
  /** The session's transient key, for forms' hidden fields; null for guests. */
  transientKey?: string | null;
  /** Answers /api/v2 calls in-process, as the requesting user. */
  transport: ApiTransport;
  /** Hashed assets of the client build (or the dev server's). */
  /** Module scripts are deferred, so they sit in <head>; preloads are the entry's static imports. */
  /** `boot`: the script of pages that hydrate on intent (guests' reading pages, lib/hydrate-on-intent.ts). */
  assets: {
    scripts: string[];
    styles: string[];
    preloads?: string[];
    boot?: string;
    headHtml?: string;
    /** The theme's custom header and footer (sanitised by the server): the layout shows them in its landmarks. */
    themeHeaderHtml?: string;
    themeFooterHtml?: string;
    /** After the app: the theme's scripts, while the site allows them. */
    bodyEndHtml?: string;
  };
  /** The interface locale the server resolved (cookie, else Accept-Language); English when left out. */
  locale?: string;
  /** The reader's choice it came from (the locale cookie), when it differs (a content-only locale). */
  chosenLocale?: string;
  /**
   * The subcommunity the page is in (issue 40): `url` has its folder, the router's basename. Absent on the whole
   * site.
   */
  siteSection?: SiteSectionLink;
  /** Stream the page even when it could render in one pass (the pages tests compare the two). */
  streamed?: boolean;
}

/** A page is the whole document as one string when it rendered in one pass, or a stream when it waited on data. */
export type RenderOutput =
  { kind: "redirect"; status: number; location: string } | { kind: "page"; status: number; body: string | Readable };

/** A posted form as the action reads it: urlencoded, or multipart when it carries a file. */
function formBody(form: Array<[string, string | File]>): URLSearchParams | FormData {
  if (form.every((entry): entry is [string, string] => typeof entry[1] === "string")) return new URLSearchParams(form);
  const body = new FormData();
  for (const [name, value] of form) body.append(name, value);
  return body;
}

/**
 * A page asked for with a query beyond its page number (`?sort=`, `?filter=`, `?followed=`, a search) is a variant
 * of a list, not its canonical view: search engines are told not to index it.
 */
const isListVariant = (url: string) => [...new URL(url).searchParams.keys()].some((key) => key !== "page");

const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The request being rendered: what the shared routes' loaders and actions read through `forward`. */
const rendering = new AsyncLocalStorage<RouteDeps>();

/** An object that stands for the current request's `pick(deps)`: its properties are read from that one. */
function forward<T extends object>(pick: (deps: RouteDeps) => T): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const deps = rendering.getStore();
      if (!deps) throw new Error("A route's loader or action ran outside a server render.");
      const target = pick(deps);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * One route table for every request, as the browser has one (main.tsx): building and ranking it per request was
 * about 5% of a page's CPU. Its loaders and actions reach the request's query cache, API and section through
 * `forward`. A subcommunity's pages have their folder as the router's basename: one table per folder.
 */
const sharedHandlers = new Map<string, StaticHandler>();
function routeHandler(basename: string): StaticHandler {
  let handler = sharedHandlers.get(basename);
  if (!handler) {
    handler = createStaticHandler(
      createRoutes({
        queryClient: forward((deps) => deps.queryClient),
        api: forward((deps) => deps.api),
        siteSection: forward((deps) => deps.siteSection ?? wholeSite),
      }),
      basename === "/" ? {} : { basename },
    );
    sharedHandlers.set(basename, handler);
  }
  return handler;
}

/**
 * Renders one page: runs the route loaders (which fill the query cache through the API), renders
 * the React tree to a stream inside the document, and embeds the dehydrated state for hydration.
 */
export async function render(input: RenderInput): Promise<RenderOutput> {
  const locale = await localeState(input.locale ?? "en", input.chosenLocale ?? input.locale ?? "en");
  // The loaders, the shell and every part streamed later translate in this render's locale.
  return inLocale(locale, () => renderInLocale(input, locale.locale, locale.chosen));
}

async function renderInLocale(
  { url, method = "GET", form, transientKey = null, transport, assets, siteSection, streamed = false }: RenderInput,
  locale: string,
  chosenLocale: string,
): Promise<RenderOutput> {
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const now = Date.now();
  const handler = routeHandler(siteSection?.basePath ?? "/");
  const section = { current: () => siteSection ?? null };
  const request =
    method === "POST" ? new Request(url, { method: "POST", body: formBody(form ?? []) }) : new Request(url);
  const context = await rendering.run({ queryClient, api, siteSection: section }, () => handler.query(request));
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }
  // A page that failed on the server (a loader that threw, a route's code that did not load) says why in the log:
  // the reader sees the error page, the operator the cause.
  if (context.statusCode >= 500 && context.errors) {
    for (const [routeID, error] of Object.entries(context.errors)) console.error(`Page ${url} (${routeID}):`, error);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const origin = new URL(url).origin;
  const site = queryClient.getQueryData(siteQuery(api).queryKey);
  const newHead = (): HeadCollector => ({
    origin,
    data: {},
    guest: transientKey === null,
    ...(site?.shareImage ? { shareImage: site.shareImage } : {}),
    ...(site ? { site } : {}),
    ...(siteSection ? { section: siteSection } : {}),
  });
  const themeHtml = { header: assets.themeHeaderHtml ?? "", footer: assets.themeFooterHtml ?? "" };
  const hasThemeHtml = themeHtml.header !== "" || themeHtml.footer !== "";
  const state: PageState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    transientKey,
    now,
    ...(locale === "en" && chosenLocale === "en" ? {} : { locale, chosenLocale }),
    // The same HTML again for the browser's first render: hydration then matches the server's markup.
    ...(hasThemeHtml ? { theme: themeHtml } : {}),
    ...(siteSection ? { siteSection } : {}),
  };

  // Guests' reading pages load only the boot script; it loads the app (the entry) at the first intent.
  const onIntent =
    assets.boot !== undefined &&
    assets.scripts.length === 1 &&
    hydratesOnIntent({
      routeID: context.matches.at(-1)?.route.id,
      guest: transientKey === null,
      status: context.statusCode,
      embedded: site?.embed.enabled === true,
    });
  const scripts = onIntent
    ? `<script type="module" src="${attr(assets.boot ?? "")}" ${APP_ATTRIBUTE}="${attr(assets.scripts[0] ?? "")}"></script>`
    : (assets.preloads ?? []).map((href) => `<link rel="modulepreload" href="${attr(href)}">`).join("") +
      assets.scripts.map((src) => `<script type="module" src="${attr(src)}"></script>`).join("");

  /** The document up to the app's element, with the head the render collected. */
  const documentStart = (head: HeadCollector) =>
    `<!doctype html><html lang="${attr(locale)}"${directionOf(locale) === "rtl" ? ' dir="rtl"' : ""}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    renderHeadTags(isListVariant(url) ? { ...head, data: { ...head.data, noindex: true } } : head) +
    assets.styles.map((href) => `<link rel="stylesheet" href="${attr(href)}">`).join("") +
    scripts +
    (assets.headHtml ?? "") +
    `</head><body class="isLoading"><div id="app">`;
  const tail =
    `</div>${assets.bodyEndHtml ?? ""}<div id="modals"></div>` +
    `<script id="${STATE_ELEMENT_ID}" type="application/json">${escapeJsonForScript(JSON.stringify(state))}</script>` +
    `</body></html>`;
  const app = (head: HeadCollector) => (
    <Providers
      queryClient={queryClient}
      api={api}
      head={head}
      transientKey={transientKey}
      now={now}
      themeHtml={themeHtml}
      siteSection={siteSection}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>
  );

  const head = newHead();
  const whole = streamed ? null : renderInOnePass(app(head));
  if (whole !== null) return { kind: "page", status: context.statusCode, body: documentStart(head) + whole + tail };
  const streamedHead = newHead();
  const stream = await renderStreamed(app(streamedHead), () => documentStart(streamedHead), tail);
  return { kind: "page", status: context.statusCode, body: stream };
}
