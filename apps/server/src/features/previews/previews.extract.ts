import { Parser } from "htmlparser2";
import { linkPreviewProviders, type LinkPreviewProvider } from "@parley/contracts";

/**
 * What a page says about itself (Open Graph, Twitter Card, `<title>`, the description, its oEmbed address) and
 * which known provider an address belongs to. Only text is kept; the card is built from it by the render
 * pipeline's own template.
 */

export interface PageMeta {
  title: string;
  description: string;
  imageUrl: string;
  siteName: string;
  /** `<link rel="alternate" type="application/json+oembed" href>`, absolute. */
  oembedUrl: string;
}

/** Longest kept value of each field (a card shows a line or two). */
const LIMITS = { title: 300, description: 500, siteName: 100, url: 2_000 } as const;

const clip = (value: string, length: number) => {
  const text = value.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
};

/** An absolute http(s) address, or "" (a `javascript:` image, an address too long). */
function absoluteHttpUrl(value: string, base: string): string {
  const trimmed = value.trim();
  if (trimmed === "" || !URL.canParse(trimmed, base)) return "";
  const url = new URL(trimmed, base);
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  return url.href.length > LIMITS.url ? "" : url.href;
}

/** The page's own description of itself; `base` is the address it was read from (for relative addresses). */
export function extractMeta(html: string, base: string): PageMeta {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  let oembed = "";
  let inBody = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // The body holds no metadata (its own <title>s are SVG's, its <meta>s microdata).
        if (name === "body") inBody = true;
        if (inBody) return;
        if (name === "title") inTitle = true;
        if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
        }
        if (
          name === "link" &&
          !oembed &&
          (attributes.rel ?? "").toLowerCase().split(/\s+/).includes("alternate") &&
          (attributes.type ?? "").toLowerCase() === "application/json+oembed" &&
          attributes.href
        ) {
          oembed = attributes.href;
        }
      },
      ontext(text) {
        if (inTitle && title.length < 1_000) title += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const first = (...keys: string[]) =>
    keys.map((key) => meta.get(key) ?? "").find((value) => value.trim() !== "") ?? "";
  return {
    title: clip(first("og:title", "twitter:title") || title, LIMITS.title),
    description: clip(first("og:description", "twitter:description", "description"), LIMITS.description),
    imageUrl: absoluteHttpUrl(
      first("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"),
      base,
    ),
    siteName: clip(first("og:site_name", "application-name"), LIMITS.siteName),
    oembedUrl: absoluteHttpUrl(oembed, base),
  };
}

/** An oEmbed answer's text fields (`title`, `author_name`, `provider_name`, `thumbnail_url`); {} when it is not one. */
export function extractOembed(json: string, base: string): Partial<PageMeta> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof data !== "object" || data === null) return {};
  const field = (key: string) => {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === "string" ? value : "";
  };
  return {
    title: clip(field("title"), LIMITS.title),
    description: clip(field("author_name"), LIMITS.description),
    siteName: clip(field("provider_name"), LIMITS.siteName),
    imageUrl: absoluteHttpUrl(field("thumbnail_url"), base),
  };
}

export interface KnownProvider {
  provider: LinkPreviewProvider;
  embedID: string;
  siteName: string;
}

const host = (url: URL) => url.hostname.toLowerCase().replace(/^www\.|^m\./, "");

/** A video or post of a click-to-load provider (YouTube, Vimeo, Twitter/X), and its id there. */
export function knownProvider(address: string): KnownProvider | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  const name = host(url);
  const parts = url.pathname.split("/").filter(Boolean);
  let found: KnownProvider | null = null;
  if (name === "youtube.com" || name === "music.youtube.com") {
    const id =
      parts[0] === "watch"
        ? url.searchParams.get("v")
        : parts[0] === "shorts" || parts[0] === "embed"
          ? parts[1]
          : null;
    if (id) found = { provider: "youtube", embedID: id, siteName: "YouTube" };
  } else if (name === "youtu.be" && parts[0]) {
    found = { provider: "youtube", embedID: parts[0], siteName: "YouTube" };
  } else if (name === "vimeo.com" && parts[0]) {
    found = { provider: "vimeo", embedID: parts[0], siteName: "Vimeo" };
  } else if ((name === "twitter.com" || name === "x.com") && parts[1] === "status" && parts[2]) {
    found = { provider: "twitter", embedID: parts[2], siteName: name === "x.com" ? "X" : "Twitter" };
  }
  return found && linkPreviewProviders[found.provider].embedPattern.test(found.embedID) ? found : null;
}
