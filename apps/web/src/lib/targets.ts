/**
 * Where to go after signing in, registering or signing out: only a path on this site (a leading
 * single slash); anything else, including `//host` and `https://…`, goes home.
 */
export function safeTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  return target;
}

/**
 * A sign-in, registration or sign-out link carries the current address as its target, unless the
 * current page is already under /entry (spec §2).
 */
export function entryLink(path: string, current: { pathname: string; search: string }): string {
  if (current.pathname.startsWith("/entry")) return path;
  return `${path}?Target=${encodeURIComponent(current.pathname + current.search)}`;
}
