import { feedFormats, type FeedFormat } from "@parley/contracts";

/**
 * RSS 2.0 and Atom (RFC 4287) written by hand: two small documents of a fixed shape, every text through
 * `escapeXml`. Bodies are the HTML the one render pipeline made (sanitised), sent as escaped text
 * (`<description>`, `<content type="html">`); relative links in them resolve against `xml:base`, the site.
 */

/** One post of a feed: a discussion, or a comment of a discussion's feed. */
export interface FeedItem {
  /** A permanent absolute address (`/discussion/{id}`, `/discussion/comment/{id}`): RSS `guid`, Atom `id`. */
  id: string;
  title: string;
  /** The post's page, absolute. */
  url: string;
  author: string;
  /** ISO 8601 dates: when it was posted, and last edited (the posting date when never). */
  published: string;
  updated: string;
  /** Sanitised HTML. */
  html: string;
  /** Its category's name. */
  category?: string | undefined;
}

export interface Feed {
  /** A permanent absolute address (Atom `id`): the page's, or `/discussion/{id}` for a discussion's comments. */
  id: string;
  title: string;
  description: string;
  /** The page the feed follows, absolute. */
  url: string;
  /** The feed's own address without its extension, absolute (`https://forum.example/discussions/feed`). */
  feedUrl: string;
  /** The site's address with a trailing slash: the base of relative links in bodies. */
  base: string;
  /** The newest item's `updated`, or the date the feed falls back on when it has no item. */
  updated: string;
  items: FeedItem[];
}

/**
 * Text as XML 1.0 character data or an attribute value: characters XML 1.0 cannot hold (controls other than tab,
 * newline and carriage return, lone surrogates, U+FFFE and U+FFFF) removed, the five markup characters escaped.
 */
export const escapeXml = (text: string): string =>
  text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** An element with escaped text. */
const element = (name: string, text: string, attributes = "") => `<${name}${attributes}>${escapeXml(text)}</${name}>`;

/** RFC 822 (RSS 2.0's dates), as HTTP writes them: `Sun, 29 Nov 2026 22:34:12 GMT`. */
export const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** RFC 3339 (Atom's dates), to the second, in UTC. */
const rfc3339 = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

function rss(feed: Feed): string {
  const items = feed.items.map((item) =>
    [
      "<item>",
      element("title", item.title),
      element("link", item.url),
      element("guid", item.id, ' isPermaLink="true"'),
      element("pubDate", rfc822(item.published)),
      element("dc:creator", item.author),
      item.category ? element("category", item.category) : "",
      element("description", item.html),
      "</item>",
    ].join(""),
  );
  return (
    XML_DECLARATION +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
    `<channel xml:base="${escapeXml(feed.base)}">` +
    element("title", feed.title) +
    element("link", feed.url) +
    element("description", feed.description) +
    `<atom:link rel="self" type="${feedFormats.rss}" href="${escapeXml(`${feed.feedUrl}.rss`)}"/>` +
    element("lastBuildDate", rfc822(feed.updated)) +
    element("generator", "Parley") +
    items.join("") +
    "</channel></rss>\n"
  );
}

function atom(feed: Feed): string {
  const entries = feed.items.map((item) =>
    [
      "<entry>",
      element("id", item.id),
      element("title", item.title, ' type="text"'),
      element("updated", rfc3339(item.updated)),
      element("published", rfc3339(item.published)),
      `<link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
      `<author>${element("name", item.author)}</author>`,
      item.category ? `<category term="${escapeXml(item.category)}"/>` : "",
      element("content", item.html, ' type="html"'),
      "</entry>",
    ].join(""),
  );
  return (
    XML_DECLARATION +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(feed.base)}">` +
    element("id", feed.id) +
    element("title", feed.title, ' type="text"') +
    element("subtitle", feed.description, ' type="text"') +
    element("updated", rfc3339(feed.updated)) +
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.url)}"/>` +
    `<link rel="self" type="${feedFormats.atom}" href="${escapeXml(`${feed.feedUrl}.atom`)}"/>` +
    element("generator", "Parley") +
    entries.join("") +
    "</feed>\n"
  );
}

/** The feed as an XML document in the format asked. */
export const writeFeed = (feed: Feed, format: FeedFormat): string => (format === "rss" ? rss(feed) : atom(feed));
