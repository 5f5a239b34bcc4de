import type { RenderContext } from "./context.ts";
import { escapeHtml } from "./escape.ts";
import { textToHtml } from "./text.ts";

/**
 * `bbcode`: a small converter for [b] [i] [u] [s] [url] [url=…] [quote] [quote=name] [code] [img] [list] [list=1]
 * [*]. HTML in the source is text (escaped); tags nest on a stack, a stray closing tag stays as text and open tags
 * close at the end. Text outside links and code gets URL and mention links and line breaks.
 */

const TAG = /\[(\/?)(b|i|u|s|url|quote|code|img|list|\*)(?:=("[^"\]\n]*"|[^\]\n]*))?\]/gi;
const INLINE: Record<string, string> = { b: "strong", i: "em", u: "u", s: "s" };
/** Tags whose content is taken literally up to their closing tag. */
const VERBATIM = new Set(["code", "img"]);
const BLOCK = new Set(["quote", "code", "list", "*"]);
/** Open tags nest at most this deep; deeper ones stay as text. */
const MAX_DEPTH = 100;

interface Open {
  tag: string;
  close: string;
}

export function renderBBCode(source: string, context: RenderContext): string {
  const body = source.replace(/\r\n?/g, "\n").trim();
  const lowerBody = body.toLowerCase();
  const stack: Open[] = [];
  let html = "";
  let cursor = 0;
  let afterBlock = false;
  /** Links do not nest: at most one [url=…] is open. */
  let inLink = false;

  const emitText = (raw: string, beforeBlock: boolean) => {
    let text = afterBlock ? raw.replace(/^\n/, "") : raw;
    if (beforeBlock) text = text.replace(/\n$/, "");
    const top = stack.at(-1)?.tag;
    if (text === "" || ((top === "list" || top === "list=1") && text.trim() === "")) return;
    html += inLink
      ? escapeHtml(text).replace(/\n/g, "<br>")
      : textToHtml(text, context, { links: true, mentions: true, breaks: true });
  };
  /** Where the tag a closing tag closes is on the stack: [/list] closes either list, [/*] only the current item. */
  const openIndex = (tag: string) => {
    if (tag === "*") return stack.at(-1)?.tag === "*" ? stack.length - 1 : -1;
    return stack.findLastIndex((open) => (tag === "list" ? open.tag.startsWith("list") : open.tag === tag));
  };
  const closeTo = (index: number) => {
    while (stack.length > index) {
      const open = stack.pop()!;
      if (open.tag === "url") inLink = false;
      html += open.close;
    }
  };

  TAG.lastIndex = 0;
  for (let match = TAG.exec(body); match; match = TAG.exec(body)) {
    const [token, slash, name = "", rawValue] = match;
    const tag = name.toLowerCase();
    const value = rawValue?.replace(/^"|"$/g, "").trim();
    emitText(body.slice(cursor, match.index), BLOCK.has(tag));
    cursor = match.index + token.length;
    afterBlock = BLOCK.has(tag);

    if (slash) {
      const index = openIndex(tag);
      if (index < 0) html += escapeHtml(token);
      else closeTo(index);
      continue;
    }
    if (stack.length >= MAX_DEPTH && tag !== "*") {
      html += escapeHtml(token);
      continue;
    }
    if (VERBATIM.has(tag) || (tag === "url" && value === undefined)) {
      const end = lowerBody.indexOf(`[/${tag}]`, cursor);
      const content = body.slice(cursor, end === -1 ? body.length : end);
      cursor = end === -1 ? body.length : end + tag.length + 3;
      TAG.lastIndex = cursor;
      if (tag === "code") html += `<pre><code>${escapeHtml(content.replace(/^\n|\n$/g, ""))}</code></pre>`;
      else if (tag === "img") html += `<img src="${escapeHtml(content.trim())}" alt="">`;
      else if (inLink) html += escapeHtml(content);
      else html += `<a href="${escapeHtml(content.trim())}">${escapeHtml(content)}</a>`;
      continue;
    }
    if (tag === "*") {
      const top = stack.at(-1)?.tag;
      if (top === "*") html += "</li><li>";
      else if (top?.startsWith("list")) {
        html += "<li>";
        stack.push({ tag: "*", close: "</li>" });
      } else html += escapeHtml(token);
      continue;
    }
    if (tag === "url") {
      if (inLink) continue;
      html += `<a href="${escapeHtml(value ?? "")}">`;
      stack.push({ tag, close: "</a>" });
      inLink = true;
    } else if (tag === "quote") {
      const author = value?.split(";")[0]?.trim();
      html += '<blockquote class="userQuote">';
      if (author) html += `<div class="userQuote-author">${escapeHtml(author)}</div>`;
      stack.push({ tag, close: "</blockquote>" });
    } else if (tag === "list") {
      const ordered = value !== undefined && /^[1aAiI]$/.test(value);
      html += ordered ? "<ol>" : "<ul>";
      stack.push({ tag: ordered ? "list=1" : "list", close: ordered ? "</ol>" : "</ul>" });
    } else {
      const element = INLINE[tag] ?? "span";
      html += `<${element}>`;
      stack.push({ tag, close: `</${element}>` });
    }
  }
  emitText(body.slice(cursor), false);
  closeTo(0);
  return html;
}
