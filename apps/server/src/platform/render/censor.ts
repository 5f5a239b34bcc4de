/**
 * Censoring where posts are shown: a feature (watched words) installs a function that masks words in text;
 * the render pipeline applies it to the text of every sanitised body (API `body`, pages, feeds, excerpts), never
 * to the stored source; `censorText` masks plain text (discussion titles, wherever they are shown). The version is part of the render cache's key, so a changed list shows at once.
 */
export type CensorText = (text: string) => string;

let current: { censor: CensorText; version: number } | null = null;
let version = 0;

/** Installs (or with null removes) the censor; each call makes earlier renders stale. */
export function setCensor(censor: CensorText | null): void {
  version += 1;
  current = censor ? { censor, version } : null;
}

/** The current censor's version (0 when none), for cache keys. */
export const censorVersion = (): number => current?.version ?? 0;

/** Plain text (a discussion's title) with the censor applied: the one place titles are censored on output. */
export function censorText(text: string): string {
  return current ? current.censor(text) : text;
}

const ENTITY_OR_TAG = /(<[^>]*>|&[#\w]+;)/u;

/** Sanitised HTML with the censor applied to its text (tags and character references left whole). */
export function censorHtml(html: string): string {
  if (!current) return html;
  const { censor } = current;
  return html
    .split(ENTITY_OR_TAG)
    .map((part, index) => (index % 2 === 1 || !part ? part : censor(part)))
    .join("");
}
