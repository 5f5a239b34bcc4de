import type { RenderContext } from "./context.ts";
import { escapeHtml } from "./escape.ts";
import {
  embedHtml,
  isObject,
  type JsonObject,
  parseJsonArray,
  positiveInteger,
  RICH_ERROR_HTML,
  stringOf,
} from "./json.ts";
import { mentionLink, mentionsToHtml } from "./mentions.ts";

/**
 * `rich`: legacy Quill delta (reference §11.2), a flat list of `{insert, attributes}` ops where the `"\n"` that ends
 * a line carries the line's format. Supported: bold, italic, strike, underline, code, link; header, list (nested by
 * depth), blockquote-line, code-block, spoiler-line; mention, emoji and external embeds (as link cards). Other
 * embeds are dropped.
 */

type Segment = { text: string; attributes: JsonObject } | { embed: JsonObject };

type LineKind = "p" | "h" | "list" | "quote" | "code" | "spoiler" | "embed";

interface Line {
  kind: LineKind;
  segments: Segment[];
  level: number;
  ordered: boolean;
  /** Block embed lines: their HTML. */
  html?: string;
}

const GROUPS: Partial<Record<LineKind, [string, string]>> = {
  quote: ["<blockquote>", "</blockquote>"],
  code: ["<pre><code>", "</code></pre>"],
  spoiler: ['<details class="spoiler"><summary>Spoiler</summary><div class="spoiler-content">', "</div></details>"],
};

export function renderRich(body: string, context: RenderContext): string {
  if (body.trim() === "") return "<p></p>";
  const ops = parseJsonArray(body);
  return ops ? renderLines(toLines(ops), context) : RICH_ERROR_HTML;
}

function lineOf(attributes: JsonObject, segments: Segment[]): Line {
  const line: Line = { kind: "p", segments, level: 0, ordered: false };
  const header = isObject(attributes.header) ? attributes.header.level : attributes.header;
  const list = attributes.list;
  if (typeof header === "number" || typeof header === "string") {
    line.kind = "h";
    line.level = Math.min(6, Math.max(2, positiveInteger(header, 6) ?? 2));
  } else if (typeof list === "string" || isObject(list)) {
    line.kind = "list";
    const type = isObject(list) ? list.type : list;
    line.ordered = type === "ordered";
    line.level = Math.min(5, positiveInteger(isObject(list) ? list.depth : attributes.indent, 5) ?? 0);
  } else if (attributes["code-block"]) line.kind = "code";
  else if (attributes["blockquote-line"]) line.kind = "quote";
  else if (attributes["spoiler-line"]) line.kind = "spoiler";
  return line;
}

function toLines(ops: unknown[]): Line[] {
  const lines: Line[] = [];
  let segments: Segment[] = [];
  let afterEmbed = false;
  for (const op of ops) {
    if (!isObject(op)) continue;
    const attributes = isObject(op.attributes) ? op.attributes : {};
    if (typeof op.insert === "string") {
      // The newline right after a block embed ends the embed's own line.
      const embedLineEnd = afterEmbed && op.insert.startsWith("\n");
      afterEmbed = false;
      op.insert.split("\n").forEach((text, index) => {
        if (index > 0) {
          if (!(embedLineEnd && index === 1)) lines.push(lineOf(attributes, segments));
          segments = [];
        }
        if (text !== "") segments.push({ text, attributes });
      });
    } else if (isObject(op.insert)) {
      const external = op.insert["embed-external"];
      if (isObject(external)) {
        const data = isObject(external.data) ? external.data : {};
        if (segments.length > 0) lines.push(lineOf({}, segments));
        segments = [];
        const html = embedHtml(data, undefined, false);
        if (html) lines.push({ kind: "embed", segments: [], level: 0, ordered: false, html });
        afterEmbed = true;
      } else {
        segments.push({ embed: op.insert });
        afterEmbed = false;
      }
    }
  }
  if (segments.length > 0) lines.push(lineOf({}, segments));
  return lines;
}

function renderInline(segments: Segment[], context: RenderContext): string {
  let html = "";
  for (const segment of segments) {
    if ("embed" in segment) {
      const { mention, emoji } = segment.embed;
      if (isObject(mention) && stringOf(mention.name)?.trim()) {
        html += mentionLink(stringOf(mention.name)!.trim(), context, positiveInteger(mention.userID));
      } else if (isObject(emoji)) html += escapeHtml(stringOf(emoji.emojiChars) ?? "");
      continue;
    }
    const { text, attributes } = segment;
    const link = stringOf(attributes.link);
    let part = attributes.code
      ? `<code>${escapeHtml(text)}</code>`
      : link
        ? escapeHtml(text)
        : mentionsToHtml(text, context);
    if (attributes.strike) part = `<s>${part}</s>`;
    if (attributes.underline) part = `<u>${part}</u>`;
    if (attributes.italic) part = `<em>${part}</em>`;
    if (attributes.bold) part = `<strong>${part}</strong>`;
    if (link) part = `<a href="${escapeHtml(link)}">${part}</a>`;
    html += part;
  }
  return html;
}

const plain = (segments: Segment[]) => segments.map((segment) => ("text" in segment ? segment.text : "")).join("");

function renderLines(lines: Line[], context: RenderContext): string {
  let html = "";
  for (let index = 0; index < lines.length;) {
    const line = lines[index]!;
    let end = index + 1;
    while (end < lines.length && lines[end]!.kind === line.kind && line.kind !== "p" && line.kind !== "h") end++;
    const group = lines.slice(index, end);
    index = end;
    const wrap = GROUPS[line.kind];
    if (line.kind === "embed") html += group.map((embed) => `<div class="embedCard">${embed.html}</div>`).join("");
    else if (line.kind === "list") html += renderList(group, context);
    else if (line.kind === "h") html += `<h${line.level}>${renderInline(line.segments, context)}</h${line.level}>`;
    else if (line.kind === "code" && wrap)
      html += wrap[0] + escapeHtml(group.map((g) => plain(g.segments)).join("\n")) + wrap[1];
    else if (wrap) html += wrap[0] + group.map((g) => `<p>${renderInline(g.segments, context)}</p>`).join("") + wrap[1];
    else html += `<p>${renderInline(line.segments, context)}</p>`;
  }
  return html;
}

/** List lines → nested `ul`/`ol`; a deeper item opens a list inside the previous item. */
function renderList(items: Line[], context: RenderContext): string {
  let html = "";
  const open: { tag: string; level: number }[] = [];
  for (const item of items) {
    const tag = item.ordered ? "ol" : "ul";
    while (open.length > 0 && open.at(-1)!.level > item.level) html += `</li></${open.pop()!.tag}>`;
    const top = open.at(-1);
    if (top && top.level === item.level && top.tag === tag) html += "</li><li>";
    else if (top && top.level === item.level) {
      html += `</li></${top.tag}><${tag}><li>`;
      top.tag = tag;
    } else {
      html += `<${tag}><li>`;
      open.push({ tag, level: item.level });
    }
    html += renderInline(item.segments, context);
  }
  while (open.length > 0) html += `</li></${open.pop()!.tag}>`;
  return html;
}
