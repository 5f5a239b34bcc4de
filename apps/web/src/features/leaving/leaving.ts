/**
 * External links go through the `/home/leaving` interstitial (spec §2). A link is external when it is
 * http(s) on another host; everything else (same site, mailto:, tel:, fragments) is followed directly.
 */
export const leavingPath = "/home/leaving";

export function isExternalUrl(href: string, siteOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, siteOrigin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== new URL(siteOrigin).origin;
}

export const leavingHref = (target: string) => `${leavingPath}?${new URLSearchParams({ target }).toString()}`;

/** The target of `/home/leaving?target=…`, or null unless it is an absolute http(s) URL. */
export function readLeavingTarget(search: URLSearchParams): string | null {
  const target = search.get("target");
  if (!target) return null;
  try {
    const url = new URL(target);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A click handler for containers of user content (post bodies): a plain left click on an external
 * link goes to the interstitial instead. Modified clicks (new tab, download) are left alone.
 */
export function interceptExternalLinks(event: {
  target: EventTarget | null;
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const element = event.target instanceof Element ? event.target : null;
  const anchor = element?.closest("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  const href = anchor.getAttribute("href") ?? "";
  if (!isExternalUrl(href, window.location.origin)) return null;
  event.preventDefault();
  return leavingHref(new URL(href, window.location.origin).href);
}
