import type { NavigationItem } from "@parley/contracts/layouts";

/**
 * Navigation URLs (spec §2): absolute, root-relative or '~' URLs are kept; anything else gets a
 * leading slash. `internal` tells whether the router can follow it (root-relative on this site).
 */
export function navigationHref(url: string): { href: string; internal: boolean } {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith("//")) return { href: url, internal: false };
  if (url.startsWith("~"))
    return { href: url.slice(1).startsWith("/") ? url.slice(1) : `/${url.slice(1)}`, internal: true };
  if (url.startsWith("/")) return { href: url, internal: true };
  return { href: `/${url}`, internal: true };
}

/** Items a viewer sees: hidden ones dropped, at every depth, in `sort` order when given. */
export function visibleItems(items: readonly NavigationItem[] | undefined): NavigationItem[] {
  return (items ?? [])
    .filter((item) => !item.isHidden)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.sort ?? 0) - (b.item.sort ?? 0) || a.index - b.index)
    .map(({ item }) => (item.children ? { ...item, children: visibleItems(item.children) } : item));
}
