import { hydrate as hydrateQueries } from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createApiClient, fetchTransport } from "./lib/api.ts";
import { deserializeErrors, STATE_ELEMENT_ID, type PageState } from "./lib/hydration.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { Providers } from "./Providers.tsx";
import { createRoutes } from "./router.tsx";
import { loadServerRenderedParts } from "./ui/on-demand.ts";
import { listenForPreviewLoads } from "./lib/link-preview-loader.ts";
import "./ui/theme/theme.css";

const stateElement = document.getElementById(STATE_ELEMENT_ID);
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as PageState) : null;

const queryClient = createQueryClient();
if (state) hydrateQueries(queryClient, state.queries);
const api = createApiClient(fetchTransport);

// A subcommunity's pages (issue 40) sit under its folder: the router's basename.
const siteSection = state?.siteSection ?? null;
const basename = siteSection?.basePath;
const routes = createRoutes({ queryClient, api, siteSection: { current: () => siteSection } });
listenForPreviewLoads();
// The matched lazy routes and the on-demand parts the server rendered load first, so the first render
// is the server's HTML. Not a top-level await: those chunks import this module's chunk, which must
// finish first.
// A page in another locale loads its pack (and i18next) first, so the first render's words are the server's;
// English pages load neither.
const locale = state?.locale
  ? import("./lib/locale-packs.ts").then((packs) => packs.applyPageLocale(state.locale ?? "", state.chosenLocale))
  : 0;
void Promise.all([resolveLazyMatches(routes), loadServerRenderedParts(), locale]).then(hydrate, hydrate);

function hydrate() {
  const router = createBrowserRouter(routes, {
    ...(basename ? { basename } : {}),
    ...(state
      ? {
          hydrationData: {
            loaderData: state.router.loaderData,
            actionData: state.router.actionData,
            errors: deserializeErrors(state.router.errors),
          },
        }
      : {}),
  });

  const container = document.getElementById("app");
  if (!container) throw new Error("The page has no #app container.");

  hydrateRoot(
    container,
    <Providers
      queryClient={queryClient}
      api={api}
      head={null}
      transientKey={state?.transientKey ?? null}
      now={state?.now ?? Date.now()}
      themeHtml={state?.theme}
      siteSection={siteSection}
    >
      <RouterProvider router={router} />
    </Providers>,
  );
}

/**
 * Routes whose code loads on demand (`lazy`) and that this page matched: loaded before hydrating, so
 * the first render is the page the server rendered (no hydration mismatch, no fallback).
 */
async function resolveLazyMatches(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const parts = await route.lazy();
      Object.assign(route, parts, { lazy: undefined });
    }),
  );
}
