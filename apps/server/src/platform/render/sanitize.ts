import sanitizeHtml from "sanitize-html";
import { linkPreviewEmbedUrl } from "@parley/contracts";
import { safeHref, safeImageSrc, type Site } from "./links.ts";

/**
 * The one allowlist every rendered body goes through last, whatever its format. Tags outside the list are dropped
 * with their text kept (script, style and other raw-text elements lose their content too); attributes outside the
 * list are dropped; `href` and `src` follow the safe-link rule (links.ts).
 */

export const allowedTags = [
  ...["p", "br", "hr", "div", "span", "blockquote", "pre", "code", "details", "summary"],
  ...["strong", "b", "em", "i", "u", "s", "strike", "del", "sup", "sub", "a", "img"],
  ...["h2", "h3", "h4", "h5", "h6", "ul", "ol", "li"],
  ...["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"],
];

export const allowedAttributes: Record<string, string[]> = {
  a: ["href", "rel", "class", "data-userid"],
  img: ["src", "alt", "width", "height", "loading"],
  ol: ["start"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
};

const codeLanguage = /^language-[\w#+.-]{1,32}$/;

const allowedClasses: Record<string, (string | RegExp)[]> = {
  a: ["atMention", "embedLink", "linkAsButton", "linkAsButton-primary", "linkAsButton-standard", "linkAsButton-text"],
  code: [codeLanguage],
  pre: [codeLanguage],
  blockquote: ["userQuote"],
  details: ["spoiler"],
  div: [
    ...["spoiler-content", "embedCard", "userQuote-author"],
    ...["callout", "callout-info", "callout-alert", "callout-warning", "callout-neutral"],
  ],
};

/**
 * What a link preview's card adds (previews.ts builds it from text fields): its classes, and on the load button
 * the provider and the embed id, kept only when they make one of the allowed embed addresses. Members' bodies
 * never get these, so no post can dress itself up as a card.
 */
const cardClasses: Record<string, string[]> = {
  span: [
    ...["linkPreview", "linkPreview-youtube", "linkPreview-vimeo", "linkPreview-twitter"],
    ...["linkPreview-text", "linkPreview-site", "linkPreview-title", "linkPreview-description"],
  ],
  a: ["linkPreview-link", "linkPreview-load"],
  img: ["linkPreview-image"],
};

/** Elements dropped with everything inside them (the rest keep their text when dropped). */
export const dropWithContent = [
  ...["script", "style", "textarea", "option", "select", "xmp", "title", "template"],
  ...["noscript", "noembed", "noframes", "iframe"],
];

/** Tag name that is not allowed: transforming to it drops the element. */
const DROP = "parley-drop";

const digits = (value: string | undefined, max: number): string | undefined =>
  value !== undefined && /^\d{1,7}$/.test(value.trim()) && Number(value) <= max && Number(value) > 0
    ? String(Number(value))
    : undefined;

function only(attribs: sanitizeHtml.Attributes, names: string[], max: number): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const name of names) {
    const value = digits(attribs[name], max);
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

function optionsFor(site: Site, card: boolean): sanitizeHtml.IOptions {
  return {
    allowedTags: card ? ["span", "a", "img"] : allowedTags,
    allowedAttributes: card
      ? {
          a: ["href", "rel", "class", "data-provider", "data-embed-id"],
          img: ["src", "alt", "loading", "class"],
          span: ["class"],
        }
      : allowedAttributes,
    allowedClasses: card ? cardClasses : allowedClasses,
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: dropWithContent,
    parseStyleAttributes: false,
    transformTags: {
      h1: "h2",
      a(_tag, attribs) {
        const kept: sanitizeHtml.Attributes = {};
        const link = attribs.href === undefined ? null : safeHref(attribs.href, site);
        if (link) kept.href = link.href;
        if (link?.external) kept.rel = "nofollow ugc noopener";
        if (attribs.class) kept.class = attribs.class;
        const userID = digits(attribs["data-userid"], 4_294_967_295);
        if (userID) kept["data-userid"] = userID;
        const provider = attribs["data-provider"];
        const embedID = attribs["data-embed-id"];
        if (card && provider && embedID && linkPreviewEmbedUrl(provider, embedID)) {
          kept["data-provider"] = provider;
          kept["data-embed-id"] = embedID;
        }
        return { tagName: "a", attribs: kept };
      },
      img(_tag, attribs) {
        const src = attribs.src === undefined ? null : safeImageSrc(attribs.src, site);
        if (!src) return { tagName: DROP, attribs: {} };
        const kept: sanitizeHtml.Attributes = {
          src,
          alt: attribs.alt ?? "",
          ...only(attribs, ["width", "height"], 10_000),
        };
        kept.loading = "lazy";
        if (card && attribs.class) kept.class = attribs.class;
        return { tagName: "img", attribs: kept };
      },
      ol: (_tag, attribs) => ({ tagName: "ol", attribs: only(attribs, ["start"], 1_000_000) }),
      td: (_tag, attribs) => ({ tagName: "td", attribs: only(attribs, ["colspan", "rowspan"], 1000) }),
      th: (_tag, attribs) => ({ tagName: "th", attribs: only(attribs, ["colspan", "rowspan"], 1000) }),
    },
  };
}

const optionsBySite = new WeakMap<Site, sanitizeHtml.IOptions>();
const cardOptionsBySite = new WeakMap<Site, sanitizeHtml.IOptions>();

function sanitizeWith(html: string, site: Site, card: boolean): string {
  const cache = card ? cardOptionsBySite : optionsBySite;
  let options = cache.get(site);
  if (!options) {
    options = optionsFor(site, card);
    cache.set(site, options);
  }
  return sanitizeHtml(html, options);
}

/** Rendered HTML → HTML safe to put in a page. */
export const sanitize = (html: string, site: Site): string => sanitizeWith(html, site, false);

/** A link preview's card (previews.ts) → HTML safe to put in a page: the same rules, with the card's markup only. */
export const sanitizeCard = (html: string, site: Site): string => sanitizeWith(html, site, true);
