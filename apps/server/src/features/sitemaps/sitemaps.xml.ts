import { escapeXml } from "../feeds/index.ts";

/*
 * Sitemaps (sitemaps.org protocol 0.9) written by hand: `<urlset>` of `<url><loc>…</loc><lastmod>…</lastmod></url>`
 * and the index's `<sitemapindex>` of `<sitemap>`. Addresses are absolute, on the configured site address, and
 * escaped as XML (the protocol's entity escaping).
 */

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A stored date as a W3C Datetime to the second, in UTC (`2026-11-30T01:58:01Z`). */
function w3cDate(value: string): string {
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/.test(value)) return `${value.slice(0, 19)}Z`;
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** One listed address, and when what it shows last changed (stored form; absent: unknown). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | null | undefined;
}

/** Printable ASCII without `"`, `&`, `'`, `<` and `>`: most addresses, written as they are (no five replacements each). */
const PLAIN = /^[\u0020\u0021\u0023-\u0025\u0028-\u003b\u003d\u003f-\u007e]*$/;

const entry = (tag: "url" | "sitemap", loc: string, lastmod: string | null) =>
  `<${tag}><loc>${PLAIN.test(loc) ? loc : escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</${tag}>\n`;

/**
 * A `<urlset>` written piece by piece as its entries arrive (a category's chunk is read in batches): the pieces
 * are joined once at the end, never a string grown 50,000 times.
 */
export async function writeUrlset(entries: AsyncIterable<SitemapEntry> | Iterable<SitemapEntry>) {
  const parts = [`${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`];
  let count = 0;
  // W3C dates of one form (UTC, to the second) compare as text.
  let newest: string | null = null;
  for await (const item of entries) {
    const lastmod = item.lastmod ? w3cDate(item.lastmod) : null;
    parts.push(entry("url", item.loc, lastmod));
    count += 1;
    if (lastmod && (newest === null || lastmod > newest)) newest = lastmod;
  }
  parts.push("</urlset>\n");
  return { text: parts.join(""), count, newest };
}

/** The sitemap index: one `<sitemap>` per sitemap. */
export const writeSitemapIndex = (sitemaps: SitemapEntry[]): string =>
  `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.map((item) => entry("sitemap", item.loc, item.lastmod ? w3cDate(item.lastmod) : null)).join("")}</sitemapindex>\n`;
