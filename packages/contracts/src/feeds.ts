/**
 * Feeds (issue 32): RSS 2.0 and Atom twins of the reading pages. Free of TypeBox, so the web app's head can
 * import it. The number of items a feed lists is `limits.feeds.items`.
 */

/** Each feed's formats: its address ends in `.rss` or `.atom`, and it answers with this content type. */
export const feedFormats = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
} as const;

export type FeedFormat = keyof typeof feedFormats;

/** The feeds of a page: its path and `/feed`; `.rss` or `.atom` is added for each format (`/discussions/feed.rss`). */
export const feedPath = (pagePath: string) => `${pagePath.replace(/\/+$/, "")}/feed`;

/** The recent discussions' feed, on `/discussions` and on the home page. */
export const recentDiscussionsFeed = feedPath("/discussions");

/** The pages with a feed of their own (a category's, a tag's list, a discussion's), as their canonical paths. */
const ownFeedPage = /^\/(?:categories\/[^/]+|discussions\/tagged\/[^/]+|discussion\/\d+(?:\/[^/]+)?)$/;
/** A profile's pages (every tab): the member's feed. */
const profilePage = /^\/profile\/(?:(?:discussions|comments|reactions)\/)?([^/]+)$/;

/**
 * The feed a page links, from its canonical path (its query and page number left out), or null: `/` and
 * `/discussions` the recent discussions', a category's, a tag's list's and a discussion's page their own, a
 * profile's pages the member's. The server-rendered head writes it (the pages send no code for it).
 */
export function pageFeed(canonical: string): string | null {
  const path = (canonical.split(/[?#]/)[0] ?? "").replace(/\/p\d+$/, "");
  if (path === "/" || path === "/discussions") return recentDiscussionsFeed;
  const profile = profilePage.exec(path);
  if (profile) return feedPath(`/profile/${profile[1]}`);
  return ownFeedPage.test(path) ? feedPath(path) : null;
}

/** The feeds' own words (the rest are the site's, the category's, the tag's or the discussion's names). */
export const feedWords = {
  recent: "Recent Discussions",
  tagged: "Tagged: {name}",
  comments: "Comments on {name}",
  member: "Discussions by {name}",
} as const;
