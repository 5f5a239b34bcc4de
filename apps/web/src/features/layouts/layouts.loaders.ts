import type { QueryClient } from "@tanstack/react-query";
import type { LayoutLookup, LayoutSpec, SiteSectionLink } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { layoutKeys, layoutQuery } from "./layouts.queries.ts";
import { lookupForUrl, titleBarLookup } from "./layouts.lookup.ts";

/** Keeps the title bar of a layout answer where `useTitleBar()` reads it. */
export function rememberTitleBar(queryClient: QueryClient, spec: LayoutSpec): void {
  if (spec.titleBar) queryClient.setQueryData(layoutKeys.titleBar(), spec.titleBar.$reactProps);
}

async function tryLookup(queryClient: QueryClient, api: ApiClient, lookup: LayoutLookup) {
  try {
    return await queryClient.ensureQueryData(layoutQuery(api, lookup));
  } catch {
    return null;
  }
}

/**
 * The root loader's part: the title bar of this viewer. On a layout page it is the page's own layout
 * query (the page loader asks for the same key at the same time, so it is fetched once); elsewhere,
 * or when the page's lookup fails (a 404), the home layout's. Without any answer the title bar keeps
 * its defaults rather than failing the page. In a subcommunity (`section`), its home's.
 */
export async function ensureTitleBar(
  queryClient: QueryClient,
  api: ApiClient,
  url: URL,
  section: SiteSectionLink | null = null,
): Promise<void> {
  if (queryClient.getQueryData(layoutKeys.titleBar())) return;
  const lookup = lookupForUrl(url, section);
  const spec = (lookup && (await tryLookup(queryClient, api, lookup))) || null;
  if (spec?.redirectTo) return;
  const withTitleBar = spec?.titleBar ? spec : await tryLookup(queryClient, api, titleBarLookup(section));
  if (withTitleBar) rememberTitleBar(queryClient, withTitleBar);
}

/**
 * The site's settings changed (its navigation, registration, features): the layouts and the title bar
 * already read are dropped and the title bar is read again for this page.
 */
export async function refreshTitleBar(queryClient: QueryClient, api: ApiClient, url: URL): Promise<void> {
  const previous = queryClient.getQueryData(layoutKeys.titleBar());
  queryClient.removeQueries({ queryKey: layoutKeys.lookups() });
  queryClient.removeQueries({ queryKey: layoutKeys.titleBar() });
  await ensureTitleBar(queryClient, api, url);
  // Without an answer, the bar keeps what it showed.
  if (previous && !queryClient.getQueryData(layoutKeys.titleBar()))
    queryClient.setQueryData(layoutKeys.titleBar(), previous);
}
