import { createContext, useContext, useEffect, type ReactNode } from "react";
import { feedFormats, pageFeed } from "@parley/contracts/feeds";
import { defaultSite, documentTitle, useSite, type Site } from "./site.ts";
import { sectionHref, useSiteSection } from "./site-section.tsx";
import { escapeHtml } from "./html.ts";

/** What a page says about itself in <head>: title, canonical URL, description, structured data. */
export interface HeadData {
  title?: string;
  /** Root-relative path of the canonical URL (`/categories`); made absolute with the site origin. */
  canonical?: string;
  /**
   * An absolute canonical address that replaces the one of `canonical` in `<link rel="canonical">` and `og:url`
   * (a discussion's `canonicalUrl` set by a moderator); the page's feeds and trail keep `canonical`.
   */
  canonicalUrl?: string | undefined;
  description?: string;
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
  /** Open Graph's `og:type`: `article` for a discussion or an article, `profile` for a profile; `website` otherwise. */
  type?: "website" | "article" | "profile";
  /**
   * HTML of the post the page shows (a discussion's or an article's body): its first image is the page's picture in
   * link previews (`og:image`), else the site's share image. Read on the server only.
   */
  imageFrom?: string | null | undefined;
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

/** One step of a page's breadcrumb trail (`ui/breadcrumbs`): its name and root-relative (or the API's) URL. */
interface TrailStep {
  name: string;
  url: string;
}

/** Server side: the page's head data, collected while rendering and written before the body. */
export interface HeadCollector {
  origin: string;
  data: HeadData;
  /** The site's title and description, as the page rendered them. */
  site?: Site;
  /** The picture of link previews of pages without one of their own (`garden.shareImage`; the server reads it). */
  shareImage?: string;
  /**
   * Whether a guest asked for the page: a page a guest reads links its feeds, which are a guest's reading; a
   * member's page may be one no guest reads (a members-only category), whose feed is a 404, so it links none.
   */
  guest?: boolean;
  /** The page's breadcrumb trail, as `Breadcrumbs` rendered it (its JSON-LD `BreadcrumbList`). */
  trail?: { crumbs: readonly TrailStep[]; current?: string | undefined };
  /** The neighbouring pages of the paged list the page shows, as its `Pager` links them (`rel=prev/next`). */
  pages?: { prev?: string | undefined; next?: string | undefined };
  /** The subcommunity the page is in (issue 40): its root-relative canonical path is under the section's folder. */
  section?: { basePath: string } | undefined;
}

/**
 * The server's head collector while it renders a page; null in the browser. Components adding to the head read it
 * with React's `use` inside `if (import.meta.env.SSR)`, which the client build drops whole.
 */
export const HeadContext = createContext<HeadCollector | null>(null);

export function HeadProvider({ collector, children }: { collector: HeadCollector | null; children: ReactNode }) {
  return <HeadContext.Provider value={collector}>{children}</HeadContext.Provider>;
}

/** JSON inside <script>: no `</script>` or `<!--` can close it early. */
export const escapeJsonForScript = (json: string) =>
  json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** An address made absolute from `origin`: http(s) only, else null (a `javascript:` or `data:` image says nothing). */
function absoluteUrl(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A page of this site at the collector's origin (the API may name it at another). */
const onSite = (url: string, origin: string) => {
  const parsed = new URL(url, origin);
  return `${origin}${parsed.pathname}${parsed.search}`;
};

/** The `src` of a post's first image (sanitised HTML, so a plain `<img … src="…">`), unescaped. */
function firstImage(html: string): string | null {
  const src = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const raw = src?.[1] ?? src?.[2];
  return raw
    ? raw
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
    : null;
}

/** schema.org `BreadcrumbList` of the trail, the page itself last (at its canonical URL when it has one). */
function breadcrumbList(trail: NonNullable<HeadCollector["trail"]>, origin: string, canonical: string | undefined) {
  const steps: Array<{ name: string; item?: string }> = trail.crumbs.map((crumb) => ({
    name: crumb.name,
    item: onSite(crumb.url, origin),
  }));
  if (trail.current !== undefined)
    steps.push({ name: trail.current, ...(canonical ? { item: origin + canonical } : {}) });
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({ "@type": "ListItem", position: index + 1, ...step })),
  };
}

export function renderHeadTags({
  origin,
  data,
  site = defaultSite,
  shareImage,
  guest = true,
  trail,
  pages,
  section = undefined,
}: HeadCollector): string {
  const title = escapeHtml(documentTitle(data.title, site));
  const tags = [`<title>${title}</title>`];
  const description = escapeHtml(data.description ?? site.description);
  tags.push(`<meta name="description" content="${description}">`);
  const address = data.canonicalUrl ?? (data.canonical ? origin + sectionHref(section ?? null, data.canonical) : null);
  const url = address ? escapeHtml(address) : null;
  if (url) tags.push(`<link rel="canonical" href="${url}">`);
  if (data.noindex) tags.push(`<meta name="robots" content="noindex">`);
  else {
    for (const [rel, path] of [
      ["prev", pages?.prev],
      ["next", pages?.next],
    ] as const) {
      if (path) tags.push(`<link rel="${rel}" href="${escapeHtml(onSite(path, origin))}">`);
    }
  }
  const feed = guest && data.canonical && !data.noindex && data.feed !== false ? pageFeed(data.canonical) : null;
  if (feed) {
    for (const [format, type] of Object.entries(feedFormats)) {
      tags.push(
        `<link rel="alternate" type="${type}" title="${title}" href="${escapeHtml(`${origin}${feed}.${format}`)}">`,
      );
    }
  }
  if (data.refreshSeconds) {
    tags.push(`<noscript><meta http-equiv="refresh" content="${Math.round(data.refreshSeconds)}"></noscript>`);
  }
  // Link previews (Open Graph, Twitter Card): the page's own title without the site's name, which has its tag.
  const image = [data.imageFrom ? firstImage(data.imageFrom) : null, shareImage]
    .map((candidate) => (candidate ? absoluteUrl(candidate, origin) : null))
    .find((candidate) => candidate !== null);
  const shareTitle = escapeHtml(data.title ?? site.title);
  const meta = (attribute: "property" | "name", key: string, value: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${value}">`);
  meta("property", "og:site_name", escapeHtml(site.title));
  meta("property", "og:type", data.type ?? "website");
  meta("property", "og:title", shareTitle);
  meta("property", "og:description", description);
  if (url) meta("property", "og:url", url);
  if (image) meta("property", "og:image", escapeHtml(image));
  meta("name", "twitter:card", image ? "summary_large_image" : "summary");
  meta("name", "twitter:title", shareTitle);
  meta("name", "twitter:description", description);
  if (image) meta("name", "twitter:image", escapeHtml(image));
  const jsonLd = [...(data.jsonLd ?? [])];
  if (trail && trail.crumbs.length > 0 && !data.noindex) jsonLd.push(breadcrumbList(trail, origin, data.canonical));
  for (const item of jsonLd) {
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
  const section = useSiteSection();
  if (collector) {
    collector.data = props;
    collector.site = site;
  }
  const { title } = props;
  const canonical = props.canonicalUrl ?? (props.canonical ? sectionHref(section, props.canonical) : undefined);
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
