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

/** The feeds' own words (the rest are the site's, the category's, the tag's or the discussion's names). */
export const feedWords = {
  recent: "Recent Discussions",
  tagged: "Tagged: {name}",
  comments: "Comments on {name}",
  member: "Discussions by {name}",
} as const;
