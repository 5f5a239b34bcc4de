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
