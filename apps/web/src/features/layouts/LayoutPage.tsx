import { useSuspenseQuery, type QueryClient } from "@tanstack/react-query";
import { redirect, redirectDocument, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { LayoutLookup } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import type { ApiClient } from "../../lib/api.ts";
import { loadOrThrow, notFoundError } from "../../lib/route-errors.ts";
import { pathWithinSection, type SiteSectionSource } from "../../lib/site-section.tsx";
import { LayoutRenderer } from "./LayoutRenderer.tsx";
import { rememberTitleBar } from "./layouts.loaders.ts";
import { lookupForUrl } from "./layouts.lookup.ts";
import { layoutQuery } from "./layouts.queries.ts";
import { WidgetRegistryContext, prefetchWidgets, type WidgetRegistry } from "./widgetRegistry.ts";
import { ModerationMessages, prefetchWarnings } from "../warnings/index.ts";

/** The kind of record a failed lookup was about, for the error page's "{Type} Not Found". */
const recordTypeNames: Record<string, string> = { category: "Category", discussion: "Discussion", comment: "Comment" };

/**
 * The loader of every layout page (spec §2): asks the server for the URL's layout, follows its
 * `redirectTo`, then runs every widget's prefetch at once, so the page renders with its data.
 * `widgets` are the features' own, put together by the app's routes. In a subcommunity the URL has its folder: the
 * paths are the section's own (`/en/discussions` is its `/discussions`).
 */
export function createLayoutLoader(deps: {
  queryClient: QueryClient;
  api: ApiClient;
  widgets: WidgetRegistry;
  siteSection: SiteSectionSource;
}) {
  const { queryClient, api, widgets, siteSection } = deps;
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const section = siteSection.current();
    const pathname = pathWithinSection(url.pathname, section);
    // Any other address (the not-found route's) may be a custom page's: the server says (404 when not).
    const lookup: LayoutLookup | null =
      lookupForUrl(url, section) ??
      (params["*"] ? { layoutViewType: "customPage", recordType: "path", recordID: pathname } : null);
    if (!lookup) throw notFoundError(recordTypeNames[pathname.startsWith("/discussion/comment/") ? "comment" : ""]);
    const type = recordTypeNames[lookup.recordType] ?? "Page";
    const spec = await loadOrThrow(type, () => queryClient.ensureQueryData(layoutQuery(api, lookup)));
    if (spec.redirectTo) {
      const target = new URL(spec.redirectTo, url);
      // A path on this site: the router puts the section's folder in front (an answer that has it already loses it).
      return target.origin === url.origin
        ? redirect(pathWithinSection(target.pathname, section) + target.search + target.hash, spec.status ?? 302)
        : redirectDocument(target.toString(), spec.status ?? 302);
    }
    rememberTitleBar(queryClient, spec);
    await Promise.all([
      prefetchWidgets(widgets, spec.layout ?? [], { queryClient, api, url }),
      // Moderation messages, and whether a member may post (the posting forms are on layout pages).
      prefetchWarnings(queryClient, api, spec.layout ?? []),
    ]);
    return lookup;
  };
}

/** A layout page: the widgets of the layout its loader fetched. */
export function LayoutPage({ widgets }: { widgets: WidgetRegistry }) {
  const api = useApi();
  const lookup = useLoaderData<LayoutLookup>();
  const { data } = useSuspenseQuery(layoutQuery(api, lookup));
  return (
    <WidgetRegistryContext.Provider value={widgets}>
      <ModerationMessages layout={data.layout ?? []} />
      <LayoutRenderer widgets={data.layout ?? []} />
    </WidgetRegistryContext.Provider>
  );
}
