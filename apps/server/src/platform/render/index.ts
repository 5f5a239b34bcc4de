/**
 * The one post-body render pipeline: every format → HTML → the one allowlist sanitiser. Pages, the API `body`,
 * e-mail, previews and search all go through here; stored HTML is never trusted.
 */
import { renderBBCode } from "./bbcode.ts";
import { createLruCache } from "./cache.ts";
import { censorHtml, censorVersion } from "./censor.ts";
import { countMedia, outsideAddresses, type PostMedia } from "./counts.ts";
import { createContext, type RenderContext } from "./context.ts";
import { htmlToText, truncate } from "./excerpt.ts";
import { renderHtml } from "./html.ts";
import { siteFor } from "./links.ts";
import { renderMarkdown } from "./markdown.ts";
import { uniqueNames } from "./mentions.ts";
export { replaceMentions } from "./mentions.ts";
import { renderRich } from "./rich.ts";
import { renderRich2 } from "./rich2.ts";
import { markStandaloneLinks, previewCardHtml, resolvePreviews, type LinkPreview } from "./previews.ts";
import { sanitize, sanitizeCard } from "./sanitize.ts";
import { renderText } from "./text.ts";
import { postFormats, type PostFormat, type RenderOptions } from "./types.ts";

export { postFormats, type PostFormat, type RenderOptions } from "./types.ts";
export { safeHref, safeImageSrc, siteFor } from "./links.ts";
export { censorHtml, censorText, censorVersion, setCensor } from "./censor.ts";
export { setLinkPreviews, type LinkPreview, type LinkPreviewSource } from "./previews.ts";
export type { PostMedia } from "./counts.ts";

const formats = new Set<string>(postFormats);

/** A post format from user input (case-insensitive, as Vanilla lower-cases it), or null when it is not one. */
export function normalizeFormat(input: string): PostFormat | null {
  const format = input.trim().toLowerCase();
  return formats.has(format) ? (format as PostFormat) : null;
}

/** A format's HTML before sanitising. */
function toHtml(body: string, format: PostFormat, context: RenderContext): string {
  switch (format) {
    case "rich2":
      return renderRich2(body, context);
    case "rich":
      return renderRich(body, context);
    case "markdown":
      return renderMarkdown(body, context);
    case "html":
    case "wysiwyg":
      return renderHtml(body, context, format);
    case "bbcode":
      return renderBBCode(body, context);
    default:
      return renderText(body, context);
  }
}

/** NUL is never content (browsers drop or replace it). */
const withoutNul = (body: string) => (body.includes("\0") ? body.replaceAll("\0", "") : body);

const bodies = createLruCache(5_000, 8_000_000);
const excerpts = createLruCache(5_000, 2_000_000);
const cards = createLruCache(2_000, 2_000_000);

/** A preview's card, sanitised (cached by its content: a refetched preview is a new key), censored when asked. */
function cardFor(url: string, preview: LinkPreview, options: RenderOptions, censored: boolean): string {
  const site = siteFor(options.origin);
  const fields = [
    preview.title,
    preview.description,
    preview.imageUrl,
    preview.siteName,
    preview.provider,
    preview.embedID,
  ];
  const html = cards.get(`${options.origin}\u0000${url}`, fields.join("\u0000"), () =>
    sanitizeCard(previewCardHtml(url, preview), site),
  );
  return censored ? censorHtml(html) : html;
}

/**
 * A post body as sanitised HTML (cached: the same input always gives the same output), censored words masked
 * (`censor.ts`) unless `uncensored`, each link alone on its line shown as its preview's card when one is known
 * (`previews.ts`; not with `previews: false`).
 */
export function renderBody(source: string, format: PostFormat, options: RenderOptions): string {
  const censored = !options.uncensored;
  let html: string;
  if (options.mentionUrl) {
    html = renderBodyUncached(source, format, options);
    if (censored) html = censorHtml(html);
  } else {
    const version = censored ? censorVersion() : 0;
    html = bodies.get(`${format}\u0000${version}\u0000${options.origin}`, source, () => {
      const rendered = renderBodyUncached(source, format, options);
      return version ? censorHtml(rendered) : rendered;
    });
  }
  return resolvePreviews(html, options.previews !== false, (url, preview) => cardFor(url, preview, options, censored));
}

function renderBodyUncached(source: string, format: PostFormat, options: RenderOptions): string {
  const body = withoutNul(source);
  const context = createContext(options);
  let html: string;
  try {
    html = toHtml(body, format, context);
  } catch {
    // A body no converter can read still shows (as text) rather than failing the page.
    html = renderText(body, context);
  }
  return markStandaloneLinks(sanitize(html, context.site), context.site);
}

/**
 * HTML an administrator writes for the site's pages (a theme's header and footer) → HTML safe to put in a page:
 * the same allowlist sanitiser as every post, with nothing converted first.
 */
export const sanitizeSiteHtml = (html: string, origin: string): string => sanitize(withoutNul(html), siteFor(origin));

/**
 * Sanitised HTML (`sanitizeSiteHtml`'s) → the text part of an e-mail: one line per block, each link's address
 * after its text unless the text is the address.
 */
export function htmlToMailText(html: string): string {
  const linked = html.replace(
    /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
    (whole, href: string, inner: string) => (inner.includes(href) ? inner : `${inner} (${href})`),
  );
  return htmlToText(linked, { spoilers: true });
}

/** Links are dropped from text, so any origin does. */
const TEXT_ORIGIN = "https://parley.invalid";

/** The visible text of a body, one line per block, spoilers included: for search indexing. */
export function toPlainText(body: string, format: PostFormat): string {
  return htmlToText(renderBody(body, format, { origin: TEXT_ORIGIN, uncensored: true, previews: false }), {
    spoilers: true,
  });
}

/**
 * A post as a spam check should read it, whatever its format: its text as readers see it, then, a line each, the
 * addresses of its links and images on other sites than `origin` (the site's own uploads and pages are left out).
 * Rich formats' JSON is never read as text (its keys repeat, its ids and dates look like phone numbers, its embeds
 * name one address twice).
 */
export function readableText(body: string, format: PostFormat, origin: string): string {
  const html = renderBody(body, format, { origin: TEXT_ORIGIN, uncensored: true, previews: false });
  const site = new URL(origin).origin;
  const text = htmlToText(html, { spoilers: true });
  // An address the text shows already (a link whose text is its address) is not counted twice.
  const outside = outsideAddresses(html, TEXT_ORIGIN).filter(
    (address) => new URL(address).origin !== site && !text.includes(address.replace(/\/$/, "")),
  );
  return [text, ...outside].join("\n");
}

/** The links and images a body holds once rendered (any format), for limits on what a post may hold. */
export function postMedia(body: string, format: PostFormat): PostMedia {
  return countMedia(renderBody(body, format, { origin: TEXT_ORIGIN, uncensored: true, previews: false }));
}

/**
 * A plain-text summary: white space collapsed, spoilers left out, cut at a word boundary with "…" past `length`
 * characters. It is text, not HTML (a text post saying "<b>" gives "<b>"): escape it where it goes, as JSON and React do.
 */
export function renderExcerpt(body: string, format: PostFormat, length = 200): string {
  return excerpts.get(`${format}\u0000${censorVersion()}\u0000${length}`, body, () => {
    const text = htmlToText(renderBody(body, format, { origin: TEXT_ORIGIN, previews: false }), { spoilers: false });
    return truncate(text.replace(/\s+/g, " ").trim(), length);
  });
}

/** The user names mentioned in a body (`@name`, `@"name with spaces"`, rich mention nodes): unique, in order. */
export function extractMentions(body: string, format: PostFormat): string[] {
  const names: string[] = [];
  const context = createContext({
    origin: TEXT_ORIGIN,
    mentionUrl(name) {
      names.push(name);
      return "/";
    },
  });
  try {
    toHtml(withoutNul(body), format, context);
  } catch {
    return [];
  }
  return uniqueNames(names);
}
