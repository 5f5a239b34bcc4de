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

/** `@name` for a name, quoted when a bare mention could not hold it. */
function mentionOf(name: string): string {
  const bare = findMentions(`@${name}`);
  return bare.length === 1 && bare[0]!.name === name && bare[0]!.end === name.length + 1 ? `@${name}` : `@"${name}"`;
}

/** Plain text with its mentions of `name` (any case) made mentions of `replacement`. */
function replaceInText(text: string, name: string, replacement: string): string {
  const key = name.toLowerCase();
  let out = "";
  let cursor = 0;
  for (const mention of findMentions(text)) {
    if (mention.name.toLowerCase() !== key) continue;
    out += text.slice(cursor, mention.index) + mentionOf(replacement);
    cursor = mention.end;
  }
  return out + text.slice(cursor);
}

/** A rich or rich2 document's mention nodes and text of `name` made `replacement`'s (their user IDs dropped). */
function replaceInDocument(node: unknown, name: string, replacement: string): unknown {
  if (Array.isArray(node)) return node.map((child) => replaceInDocument(child, name, replacement));
  if (typeof node !== "object" || node === null) return node;
  const key = name.toLowerCase();
  const out: Record<string, unknown> = {};
  const record = node as Record<string, unknown>;
  const isMention = record.type === "@" || "userID" in record;
  for (const [field, value] of Object.entries(record)) {
    if (typeof value === "string" && (field === "insert" || field === "text")) {
      out[field] = replaceInText(value, name, replacement);
    } else if (isMention && field === "name" && typeof value === "string" && value.trim().toLowerCase() === key) {
      out[field] = replacement;
    } else if (isMention && field === "userID" && typeof record.name === "string") {
      if (record.name.trim().toLowerCase() !== key) out[field] = value;
    } else out[field] = replaceInDocument(value, name, replacement);
  }
  return out;
}

/**
 * A post's source with its mentions of `name` made mentions of `replacement` (a deleted member's anonymised):
 * in a rich document its mention nodes and text, in the other formats the `@name` and `@"name"` in its text.
 */
export function replaceMentions(body: string, rich: boolean, name: string, replacement: string): string {
  if (!rich) return replaceInText(body, name, replacement);
  try {
    return JSON.stringify(replaceInDocument(JSON.parse(body), name, replacement));
  } catch {
    return replaceInText(body, name, replacement);
  }
}
