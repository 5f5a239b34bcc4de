import { linkPreviewLabels, linkPreviewProviders, type LinkPreviewProvider } from "@parley/contracts";
import { escapeHtml } from "./escape.ts";
import type { Site } from "./links.ts";

/**
 * Link previews in rendered bodies (issue 32): a link alone on its line becomes a card. The render cache keeps
 * bodies with the standalone links marked (a comment around each, which sanitised HTML never holds otherwise);
 * every read swaps each mark for the card the installed source knows, or for the plain link while it knows
 * none. So a preview fetched later shows at the next read, no cached body goes stale, and a post never waits for
 * a fetch. The card is built here from text fields (escaped) and goes through the sanitiser's card allowlist:
 * no third-party HTML is ever kept or shown.
 */

export interface LinkPreview {
  title: string;
  description: string;
  imageUrl: string;
  siteName: string;
  /** A provider shown as a click-to-load embed, and its id there (a video's, a tweet's). */
  provider: LinkPreviewProvider | null;
  embedID: string;
}

export interface LinkPreviewSource {
  /**
   * The preview of an address: a preview, null when there is none (it failed, the page has no title), or
   * undefined when not known yet (the source fetches it in the background).
   */
  preview(url: string): LinkPreview | null | undefined;
}

let source: LinkPreviewSource | null = null;

/**
 * Installs where previews come from (the previews feature, which caches and fetches them); the function it
 * returns removes it again unless another (a later app in the same process) replaced it.
 */
export function setLinkPreviews(next: LinkPreviewSource): () => void {
  source = next;
  return () => {
    if (source === next) source = null;
  };
}

const LEAVING_LINK = '<a href="([^"]+)" rel="nofollow ugc noopener">(https?://[^<\\s]+)</a>';
const EMBED_LINK =
  '<div class="embedCard"><a href="([^"]+)" rel="nofollow ugc noopener" class="embedLink">[^<]*</a></div>';
const BARE_URL = "(https?://[^<\\s\"']+)";
/** A link (or, in rich formats that do not link text, a bare address) with a line's start before it and its end after. */
const STANDALONE = new RegExp(
  `(^|<p>|<br />|</p>|<div>|</div>)(\\s*)(?:${LEAVING_LINK}|${BARE_URL}|${EMBED_LINK})(?=\\s*(?:$|</p>|<br />|<p>|</div>|<div>))`,
  "g",
);
const MARK = /<!--lp:([^>]*?)-->([\s\S]*?)<!--\/lp-->/g;

const ESCAPED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
/** Sanitised HTML's text or attribute as written: sanitize-html escapes only these five. */
const decodeHTML = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ESCAPED[entity]!);

/** The address a leaving-page link goes to, when it is one of this site's. */
function leavingTarget(href: string, site: Site): string | null {
  const decoded = decodeHTML(href);
  const prefix = `${site.origin}/home/leaving?target=`;
  if (!decoded.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(decoded.slice(prefix.length));
  } catch {
    return null;
  }
}

function httpUrl(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

/** Encoded so the comment cannot end early (`--`, `>`): percent-encoding with `-` encoded too. */
const encodeMark = (url: string) => encodeURIComponent(url).replaceAll("-", "%2D");

/** Sanitised HTML with each standalone link (an address alone on its line) marked for a preview. */
export function markStandaloneLinks(html: string, site: Site): string {
  if (!html.includes("http")) return html;
  return html.replace(
    STANDALONE,
    (whole, before: string, space: string, href?: string, text?: string, bare?: string, embedHref?: string) => {
      let url: string | null = null;
      const original = whole.slice(before.length + space.length);
      if (href !== undefined && text !== undefined) {
        const target = leavingTarget(href, site);
        url = target !== null && httpUrl(target) === httpUrl(decodeHTML(text)) ? httpUrl(target) : null;
      } else if (bare !== undefined) {
        url = httpUrl(decodeHTML(bare));
      } else if (embedHref !== undefined) {
        const target = leavingTarget(embedHref, site);
        url = target === null ? null : httpUrl(target);
      }
      return url === null ? whole : `${before}${space}<!--lp:${encodeMark(url)}-->${original}<!--/lp-->`;
    },
  );
}

/**
 * Card HTML (before sanitising) from a preview's text fields, every value escaped; the sanitiser sends its links
 * through the leaving page as it does every other off-site link.
 */
export function previewCardHtml(url: string, preview: LinkPreview): string {
  const href = escapeHtml(url);
  const known = preview.provider ? linkPreviewProviders[preview.provider] : null;
  const text = [
    preview.siteName && `<span class="linkPreview-site">${escapeHtml(preview.siteName)}</span>`,
    `<span class="linkPreview-title">${escapeHtml(preview.title || url)}</span>`,
    preview.description && `<span class="linkPreview-description">${escapeHtml(preview.description)}</span>`,
  ]
    .filter(Boolean)
    .join("");
  // A known provider's card shows no image: its thumbnail would be a request to the provider before any click.
  const image =
    !known && preview.imageUrl ? `<img class="linkPreview-image" src="${escapeHtml(preview.imageUrl)}" alt="" />` : "";
  const load =
    known && preview.embedID
      ? `<a class="linkPreview-load" href="${href}" data-provider="${preview.provider}" data-embed-id="${escapeHtml(preview.embedID)}">${escapeHtml(linkPreviewLabels[known.label])}</a>`
      : "";
  const kind = known ? ` linkPreview-${preview.provider}` : "";
  return `<span class="linkPreview${kind}"><a class="linkPreview-link" href="${href}">${image}<span class="linkPreview-text">${text}</span></a>${load}</span>`;
}

/**
 * Marked HTML as it is shown: each mark's card when `cards` and the source has one (built by `card`, which
 * sanitises and caches it), else the link as written. Marks always go.
 */
export function resolvePreviews(
  html: string,
  cards: boolean,
  card: (url: string, preview: LinkPreview) => string,
): string {
  if (!html.includes("<!--lp:")) return html;
  return html.replace(MARK, (_whole, encoded: string, original: string) => {
    if (!cards || !source) return original;
    const url = decodeURIComponent(encoded);
    const preview = source.preview(url);
    return preview ? card(url, preview) : original;
  });
}
