/** Addresses both sides build. Free of TypeBox, so the browser bundle can import it. */

/**
 * The user segment of profile links (spec §2): slashes and ampersands are escaped first, then the
 * whole segment is percent-encoded — `a/b&c` → `a%252Fb%2526c`.
 */
export const encodeUserSegment = (name: string) => encodeURIComponent(name.replace(/\//g, "%2F").replace(/&/g, "%26"));

/** Reverses `encodeUserSegment` on a path segment the router has already decoded once. */
export const decodeUserSegment = (segment: string) => segment.replace(/%2F/gi, "/").replace(/%26/g, "&");

export type ProfileTab = "discussions" | "comments" | "reactions";

/** `/profile/{name}`, `/profile/discussions/{name}`, `/profile/comments/{name}`, `/profile/reactions/{name}`. */
export const profilePath = (name: string, tab?: ProfileTab) =>
  `/profile/${tab ? `${tab}/` : ""}${encodeUserSegment(name)}`;

/** The themes page (site.manage), where the theme preview banner's Apply and Cancel lead. */
export const themesPagePath = "/dashboard/themes";
/** The design system's primitives as the current theme draws them. */
export const styleGuidePath = "/dashboard/style-guide";

/** Any origin: what a target resolves against, to check that it stays on the site it was given to. */
const TARGET_BASE = "http://target.invalid";

/** `%XX` escapes read as single characters (malformed ones left as they are), for checking only. */
const unescaped = (value: string) =>
  value.replace(/%([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A control character (browsers drop tabs and newlines from addresses) or a backslash (read as a slash). */
const unsafeInAddress = (char: string) => char < " " || char === "\u007f" || char === "\\";

/**
 * Where to go after signing in, registering or signing out (`Target`, or any other return address): only
 * a path on this site, written as the browser will read it; anything else goes home (`/`). Refused:
 * no leading slash (`https://…`, `javascript:…`), `//host`, a backslash (browsers read it as a slash),
 * whitespace or a control character (browsers drop tabs and newlines, so `/\t/host` is `//host`), and
 * the same once `%XX` escapes are read (`/%5Chost`, `/%2F/host`, `/%09/host`). Spaces written `%20` stay.
 */
export function safeTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//")) return "/";
  if ([...target].some((char) => unsafeInAddress(char) || /\s/.test(char))) return "/";
  const decoded = unescaped(target);
  if (decoded.startsWith("//") || [...decoded].some(unsafeInAddress)) return "/";
  const url = new URL(target, TARGET_BASE);
  if (url.origin !== TARGET_BASE) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
