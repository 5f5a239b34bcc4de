/**
 * The safe-link rule (spec §5): a link that starts with the site, `tel:`, `mailto:`, `/` or `#` stays; any other
 * http(s) link goes through the leaving page; every other scheme loses its href. Applied by the sanitiser to
 * every `href` and `src` after entity decoding, so no format can smuggle a URL past it.
 */

export interface Site {
  /** Normalised site address without a trailing slash: `https://forum.example` or `https://x.com/forum`. */
  readonly origin: string;
  /** `https:` or `http:`, for protocol-relative addresses. */
  readonly protocol: string;
}

export interface SafeLink {
  href: string;
  /** An http(s) link off the site: its href is the leaving page and it gets rel="nofollow ugc noopener". */
  external: boolean;
}

const sites = new Map<string, Site>();

/** The site for an origin option, cached (a few origins at most per process). */
export function siteFor(origin: string): Site {
  let site = sites.get(origin);
  if (!site) {
    const url = new URL(origin);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`Invalid site origin: ${origin}`);
    site = { origin: `${url.origin}${url.pathname}`.replace(/\/+$/, ""), protocol: url.protocol };
    if (sites.size > 100) sites.clear();
    sites.set(origin, site);
  }
  return site;
}

// Characters browsers drop from URLs (C0 controls, tab, newlines, DEL): removed everywhere so `java\tscript:` and
// `java\0script:` are seen as the `javascript:` they may become.
// eslint-disable-next-line no-control-regex
const IGNORED_CHARACTERS = /[\u0000-\u001f\u007f]+/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const PROTOCOL_RELATIVE = /^[\\/][\\/]/;

/** The cleaned address: ignored characters removed, surrounding white space trimmed. */
function clean(raw: string): string {
  return raw.replace(IGNORED_CHARACTERS, "").trim();
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** True when an absolute http(s) URL starts with the site address. */
function isOnSite(url: URL, site: Site): boolean {
  const href = url.href;
  if (!href.startsWith(site.origin)) return false;
  const next = href.charAt(site.origin.length);
  return next === "" || next === "/" || next === "?" || next === "#";
}

function leavingUrl(target: string, site: Site): string {
  return `${site.origin}/home/leaving?target=${encodeURIComponent(target)}`;
}

/** An absolute http(s) address as it may be linked: on the site it stays, off the site it leaves. */
function linkTo(url: URL | null, site: Site): SafeLink | null {
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  return isOnSite(url, site)
    ? { href: url.href, external: false }
    : { href: leavingUrl(url.href, site), external: true };
}

/** The href a link may carry, or null when it must go (the text of the link stays). */
export function safeHref(raw: string, site: Site): SafeLink | null {
  const value = clean(raw);
  if (value === "") return null;
  if (value.startsWith("#")) return { href: value, external: false };
  if (PROTOCOL_RELATIVE.test(value)) {
    return linkTo(parse(value.replace(/^[\\/]+/, "//"), `${site.protocol}//placeholder.invalid`), site);
  }
  if (value.startsWith("/")) return { href: value, external: false };
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === "mailto" || scheme === "tel") return { href: value, external: false };
  if (scheme === "http" || scheme === "https") return linkTo(parse(value), site);
  if (scheme !== undefined) return null;
  // A bare relative reference ("page", "?q=1", "\path"): resolved on the site so no page address changes it.
  return linkTo(parse(value, `${site.origin}/`), site);
}

/** The src an image may carry: http(s) anywhere, or on the site; null drops the image. */
export function safeImageSrc(raw: string, site: Site): string | null {
  const value = clean(raw);
  if (value === "") return null;
  if (PROTOCOL_RELATIVE.test(value)) {
    const url = parse(value.replace(/^[\\/]+/, "//"), `${site.protocol}//placeholder.invalid`);
    return url && (url.protocol === "https:" || url.protocol === "http:") ? url.href : null;
  }
  if (value.startsWith("/")) return value;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return null;
  const url = parse(value, `${site.origin}/`);
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url.href : null;
}
