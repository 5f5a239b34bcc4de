import { createContext, useContext, type ReactNode } from "react";
import type { SiteSectionLink } from "@parley/contracts";

/**
 * The site section a page is in (issue 40): a subcommunity, whose pages sit under its folder (`/en/…`; the router's
 * basename), or null on the whole site. The server says which, per page (RenderInput.siteSection, PageState).
 */
const SiteSectionContext = createContext<SiteSectionLink | null>(null);

export function SiteSectionProvider({
  section,
  children,
}: {
  section: SiteSectionLink | null | undefined;
  children: ReactNode;
}) {
  return <SiteSectionContext.Provider value={section ?? null}>{children}</SiteSectionContext.Provider>;
}

/** The page's section; null on the whole site. */
export const useSiteSection = (): SiteSectionLink | null => useContext(SiteSectionContext);

/** What the loaders read the page's section from (the router's deps; per request on the server). */
export interface SiteSectionSource {
  current(): SiteSectionLink | null;
}

/** The source of the whole site's pages (no subcommunity). */
export const wholeSite: SiteSectionSource = { current: () => null };

/** A root-relative path of the section's pages as an address (`/search` → `/en/search`); unchanged on the whole site. */
export function sectionHref(section: Pick<SiteSectionLink, "basePath"> | null, path: string): string {
  if (!section || !path.startsWith("/") || path.startsWith("//")) return path;
  return path === "/" ? section.basePath : `${section.basePath}${path}`;
}

/**
 * For raw `<a href>` and `<form action>` (the router adds the basename to `<Link>` only): the section's address of a
 * root-relative path.
 */
export function useSectionHref(): (path: string) => string {
  const section = useSiteSection();
  return (path: string) => sectionHref(section, path);
}

/** An address's path as the routes see it: without the section's folder (`/en/discussions` → `/discussions`). */
export function pathWithinSection(pathname: string, section: Pick<SiteSectionLink, "basePath"> | null): string {
  const base = section?.basePath;
  if (!base) return pathname;
  return pathname === base ? "/" : pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

/** The page's URL as the routes see it (loaders get it with the folder). */
export function urlWithinSection(url: URL, section: Pick<SiteSectionLink, "basePath"> | null): URL {
  if (!section) return url;
  const inside = new URL(url);
  inside.pathname = pathWithinSection(url.pathname, section);
  return inside;
}
