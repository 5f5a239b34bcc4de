import type { KnowledgeBase } from "@parley/contracts";
import { knowledgePaths } from "@parley/contracts/knowledge-constants";

/** A breadcrumb: a name and its address. */
export interface Breadcrumb {
  name: string;
  url: string;
}

/** An `{id}-{slug}` path segment (`12-getting-started`): the id and the slug ("" without one), or null. */
export function readIDSlug(segment: string | undefined): { id: number; slug: string } | null {
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment ?? "");
  if (!match) return null;
  return { id: Number(match[1]), slug: match[2] ?? "" };
}

/** A record's URL (absolute, as the API gives it, or already a path) as a path on this site. */
export function localPath(url: string): string {
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/**
 * Where a request for a record's page should go instead: its canonical path (from the record's `url`)
 * when the requested one differs only by its slug (`/kb/articles/12-old-name` → `/kb/articles/12-new-name`),
 * keeping the page segment and the query. Null when the request is already canonical, or when the
 * record's URL is not an address of the same kind (never a redirect loop).
 */
export function slugRedirect(requested: URL, canonicalUrl: string, pageSegment?: string): string | null {
  const canonical = localPath(canonicalUrl).split("?")[0]!;
  const kind = /^\/kb\/(articles|categories)\/\d+(-[^/]*)?$/.exec(canonical);
  if (!kind) return null;
  const wanted = pageSegment && pageSegment !== "p1" ? `${canonical}/${pageSegment}` : canonical;
  let current = requested.pathname;
  try {
    current = decodeURI(current);
  } catch {
    // A malformed escape: compare it as sent.
  }
  let target = wanted;
  try {
    target = decodeURI(wanted);
  } catch {
    // As above.
  }
  return current === target ? null : encodeURI(target) + requested.search;
}

/** A category's page `n` (`/kb/categories/4-account/p2`; page 1 has no segment). */
export const categoryPagePath = (categoryPath: string, page: number) =>
  page > 1 ? `${categoryPath}/p${page}` : categoryPath;

/**
 * The breadcrumbs of a knowledge page: Knowledge Base › the base › its categories, from the API's
 * crumbs (which may or may not start with the home page or the knowledge base, and may end with the
 * page itself), as paths; the page itself is left out (the page names it in its heading).
 */
export function knowledgeCrumbs(
  crumbs: readonly Breadcrumb[] | undefined,
  base: Pick<KnowledgeBase, "name" | "urlCode"> | null,
  currentPath: string,
  homeLabel: string,
): Breadcrumb[] {
  const out: Breadcrumb[] = [{ name: homeLabel, url: knowledgePaths.home }];
  const seen = new Set([knowledgePaths.home, "/", currentPath]);
  const add = (crumb: Breadcrumb) => {
    const path = localPath(crumb.url);
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ name: crumb.name, url: path });
  };
  if (base) add({ name: base.name, url: knowledgePaths.base(base.urlCode) });
  for (const crumb of crumbs ?? []) add(crumb);
  return out;
}
