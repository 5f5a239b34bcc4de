import { safeTarget } from "@parley/contracts/urls";

/**
 * A sign-in, registration or sign-out link carries the current address as its target, unless the
 * current page is already under /entry (spec §2).
 */
export function entryLink(path: string, current: { pathname: string; search: string }): string {
  if (current.pathname.startsWith("/entry")) return path;
  return `${path}?Target=${encodeURIComponent(current.pathname + current.search)}`;
}

/**
 * The `?Target=…` an entry page hands on to its sibling (sign in ↔ register), checked by `safeTarget`
 * (contracts: the one check of a return address); "" when there is none or it leads home.
 */
export function targetQuery(search: string): string {
  const target = safeTarget(new URLSearchParams(search).get("Target"));
  return target === "/" ? "" : `?Target=${encodeURIComponent(target)}`;
}
