import type { RenderContext } from "./context.ts";
import { escapeHtml } from "./escape.ts";

export interface MentionMatch {
  /** Where `@` is. */
  index: number;
  /** Just past the mention (after the closing quote of a quoted one). */
  end: number;
  name: string;
}

/**
 * `@name` or `@"name with spaces"`, not preceded by a letter, digit, `_`, `@`, `/` or `\` (so `a@b.com` and
 * `example.com/@user` are not mentions). A bare name is letters, digits, `_`, `.` and `-`, ending on a letter, digit
 * or `_` (trailing punctuation is not part of it); a quoted name is anything on one line but `"`, `<` and `>`, with a
 * letter or digit in it. Names are at most 64 characters.
 */
const MENTION =
  /(?<![\p{L}\p{N}_@/\\])@(?:"([^"\r\n<>]{1,64})"|([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]{0,62}[\p{L}\p{N}_])?)(?![\p{L}\p{N}_]))/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The mentions in a run of plain text, in order. */
export function findMentions(text: string): MentionMatch[] {
  if (!text.includes("@")) return [];
  const found: MentionMatch[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? match[2] ?? "").trim();
    if (LETTER_OR_DIGIT.test(name)) found.push({ index: match.index, end: match.index + match[0].length, name });
  }
  return found;
}

/** The link of a mention: `<a href="…" class="atMention">@name</a>`. */
export function mentionLink(name: string, context: RenderContext, userID?: number): string {
  const user = userID === undefined ? "" : ` data-userid="${userID}"`;
  return `<a href="${escapeHtml(context.mentionUrl(name))}" class="atMention"${user}>@${escapeHtml(name)}</a>`;
}

/** Plain text → HTML with its mentions linked. */
export function mentionsToHtml(text: string, context: RenderContext): string {
  const mentions = findMentions(text);
  if (mentions.length === 0) return escapeHtml(text);
  let html = "";
  let cursor = 0;
  for (const mention of mentions) {
    html += escapeHtml(text.slice(cursor, mention.index)) + mentionLink(mention.name, context);
    cursor = mention.end;
  }
  return html + escapeHtml(text.slice(cursor));
}

/** Mentioned names, unique (case-insensitively, first spelling kept), in order. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      unique.push(name);
    }
  }
  return unique;
}
