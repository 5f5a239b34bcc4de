/**
 * External links go through the `/home/leaving` interstitial (spec §2). The server's renderer already
 * points every off-site http(s) link in a post at it (platform/render/links.ts), so this works without
 * JavaScript; the web uses these helpers for links it builds itself.
 */
const leavingPath = "/home/leaving";

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
