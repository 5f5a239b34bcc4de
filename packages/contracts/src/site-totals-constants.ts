/**
 * The site's totals (`GET /site-totals`, dashboard-site-totals.yml): the names a client may ask for in
 * `counts` (or `all`), free of schemas so the browser bundle may use them.
 */
export const siteTotalNames = ["user", "discussion", "comment", "post", "category"] as const;
export type SiteTotalName = (typeof siteTotalNames)[number];

/** The recent windows each count (but the categories') is also given for: new in the last 7 and 30 days. */
export const siteTotalWindows = [7, 30] as const;
