import { createContext, useContext, useEffect, type ReactNode } from "react";
import { feedFormats, pageFeed } from "@parley/contracts/feeds";
import { defaultSite, documentTitle, useSite, type Site } from "./site.ts";

/** What a page says about itself in <head>: title, canonical URL, description, structured data. */
export interface HeadData {
  title?: string;
  /** Root-relative path of the canonical URL (`/categories`); made absolute with the site origin. */
  canonical?: string;
  description?: string;
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
  /**
   * Whether the head links the page's RSS and Atom feeds (`pageFeed` of its canonical path: a category's, a tag's
   * list, a discussion's, a profile's, the recent discussions'); default yes, never on a noindex page.
   */
  feed?: boolean;
  /**
   * Seconds after which a page showing work in progress loads itself again, without JavaScript only (a refresh
   * inside <noscript>); with it, the page asks for the progress itself.
   */
  refreshSeconds?: number;
}

/** Server side: the page's head data, collected while rendering and written before the body. */
export interface HeadCollector {
  origin: string;
  data: HeadData;
  /** The site's title and description, as the page rendered them. */
  site?: Site;
}

const HeadContext = createContext<HeadCollector | null>(null);

export function HeadProvider({ collector, children }: { collector: HeadCollector | null; children: ReactNode }) {
  return <HeadContext.Provider value={collector}>{children}</HeadContext.Provider>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON inside <script>: no `</script>` or `<!--` can close it early. */
export const escapeJsonForScript = (json: string) =>
  json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function renderHeadTags({ origin, data, site = defaultSite }: HeadCollector): string {
  const tags = [`<title>${escapeHtml(documentTitle(data.title, site))}</title>`];
  const description = data.description ?? site.description;
  tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  if (data.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(origin + data.canonical)}">`);
  if (data.noindex) tags.push(`<meta name="robots" content="noindex">`);
  const feed = data.canonical && !data.noindex && data.feed !== false ? pageFeed(data.canonical) : null;
  if (feed) {
    const title = escapeHtml(documentTitle(data.title, site));
    for (const [format, type] of Object.entries(feedFormats)) {
      tags.push(
        `<link rel="alternate" type="${type}" title="${title}" href="${escapeHtml(`${origin}${feed}.${format}`)}">`,
      );
    }
  }
  if (data.refreshSeconds) {
    tags.push(`<noscript><meta http-equiv="refresh" content="${Math.round(data.refreshSeconds)}"></noscript>`);
  }
  for (const item of data.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${escapeJsonForScript(JSON.stringify(item))}</script>`);
  }
  return tags.join("");
}

/**
 * Declares the page's head. On the server it fills the collector during render; in the browser it
 * updates the title and canonical link after client-side navigation.
 */
export function PageHead(props: HeadData) {
  const collector = useContext(HeadContext);
  const site = useSite();
  if (collector) {
    collector.data = props;
    collector.site = site;
  }
  const { title, canonical } = props;
  useEffect(() => {
    document.title = documentTitle(title, site);
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) {
      if (!link) {
        link = document.createElement("link");
        link.rel = "canonical";
        document.head.appendChild(link);
      }
      link.href = new URL(canonical, window.location.origin).toString();
    } else {
      link?.remove();
    }
  }, [title, canonical, site]);
  return null;
}
