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

const MAX_DEPTH = 48;
const CODE_LANGUAGE = /^[\w#+.-]{1,32}$/;
const CALLOUTS = new Set(["info", "alert", "warning", "neutral"]);
const BUTTONS = new Set(["primary", "standard", "text"]);

interface State {
  context: RenderContext;
  /** Inside a link: no nested links, no mentions. */
  link: boolean;
  depth: number;
}

/** `rich2`: a Slate document (reference §11.1) → HTML. */
export function renderRich2(body: string, context: RenderContext): string {
  if (body.trim() === "") return "<p></p>";
  const nodes = parseJsonArray(body);
  return nodes ? renderNodes(nodes, { context, link: false, depth: 0 }) : RICH_ERROR_HTML;
}

function renderNodes(nodes: unknown, state: State): string {
  if (!Array.isArray(nodes) || state.depth > MAX_DEPTH) return "";
  let html = "";
  for (const node of nodes) html += renderNode(node, state);
  return html;
}

/** All the text under a node, without marks (for code). */
function textOf(node: unknown, depth = 0): string {
  if (!isObject(node) || depth > MAX_DEPTH) return "";
  if (typeof node.text === "string") return node.text;
  return Array.isArray(node.children) ? node.children.map((child) => textOf(child, depth + 1)).join("") : "";
}

function renderNode(node: unknown, state: State): string {
  if (!isObject(node)) return "";
  if (typeof node.text === "string" && node.type === undefined) return renderLeaf(node, node.text, state);
  const inner = (link = state.link) => renderNodes(node.children, { ...state, link, depth: state.depth + 1 });
  const type = stringOf(node.type) ?? "";
  switch (type) {
    case "p":
    case "blockquote-line":
    case "spoiler-item":
    case "callout-item":
      return `<p>${inner()}</p>`;
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6": {
      const tag = type === "h1" ? "h2" : type;
      return `<${tag}>${inner()}</${tag}>`;
    }
    case "blockquote":
    case "ul":
    case "ol":
    case "li":
    case "table":
    case "caption":
    case "thead":
    case "tbody":
    case "tfoot":
    case "tr":
      return `<${type}>${inner()}</${type}>`;
    case "th":
    case "td":
      return `<${type}${cellSpans(node)}>${inner()}</${type}>`;
    case "code_block": {
      const lang = stringOf(node.lang);
      const language = lang && CODE_LANGUAGE.test(lang) ? ` class="language-${escapeHtml(lang)}"` : "";
      const lines = Array.isArray(node.children) ? node.children.map((line) => textOf(line)) : [];
      return `<pre><code${language}>${escapeHtml(lines.join("\n"))}</code></pre>`;
    }
    case "code_line":
      return `<code>${escapeHtml(textOf(node))}</code>`;
    case "spoiler":
      return `<details class="spoiler"><summary>Spoiler</summary>${inner()}</details>`;
    case "spoiler-content":
      return `<div class="spoiler-content">${inner()}</div>`;
    case "callout": {
      const appearance = stringOf(node.appearance) ?? "";
      return `<div class="callout callout-${CALLOUTS.has(appearance) ? appearance : "neutral"}">${inner()}</div>`;
    }
    case "a":
    case "link_as_button": {
      const url = stringOf(node.url);
      if (!url || state.link) return inner();
      const buttonType = stringOf(node.buttonType) ?? "";
      const button =
        type === "link_as_button"
          ? ` class="linkAsButton linkAsButton-${BUTTONS.has(buttonType) ? buttonType : "standard"}"`
          : "";
      return `<a href="${escapeHtml(url)}"${button}>${inner(true)}</a>`;
    }
    case "@": {
      const name = stringOf(node.name)?.trim();
      if (!name) return "";
      return state.link ? escapeHtml(`@${name}`) : mentionLink(name, state.context, positiveInteger(node.userID));
    }
    case "rich_embed_card":
    case "rich_embed_inline": {
      const embed = embedHtml(isObject(node.embedData) ? node.embedData : {}, stringOf(node.url), state.link);
      if (!embed || type === "rich_embed_inline") return embed;
      return `<div class="embedCard">${embed}</div>`;
    }
    case "legacy_emoji_image": {
      const attributes = isObject(node.attributes) ? node.attributes : {};
      return escapeHtml(stringOf(attributes.alt) ?? stringOf(node.name) ?? "");
    }
    default:
      return inner();
  }
}

function cellSpans(node: JsonObject): string {
  const attributes = isObject(node.attributes) ? node.attributes : {};
  const colspan = positiveInteger(attributes.colspan ?? attributes.colSpan ?? node.colSpan, 1000);
  const rowspan = positiveInteger(attributes.rowspan ?? attributes.rowSpan ?? node.rowSpan, 1000);
  return (
    (colspan && colspan > 1 ? ` colspan="${colspan}"` : "") + (rowspan && rowspan > 1 ? ` rowspan="${rowspan}"` : "")
  );
}

function renderLeaf(leaf: JsonObject, text: string, state: State): string {
  let html =
    leaf.code === true
      ? `<code>${escapeHtml(text)}</code>`
      : (state.link ? escapeHtml(text) : mentionsToHtml(text, state.context)).replace(/\r?\n/g, "<br>");
  if (leaf.subscript === true) html = `<sub>${html}</sub>`;
  if (leaf.superscript === true) html = `<sup>${html}</sup>`;
  if (leaf.strikethrough === true) html = `<s>${html}</s>`;
  if (leaf.underline === true) html = `<u>${html}</u>`;
  if (leaf.italic === true) html = `<em>${html}</em>`;
  if (leaf.bold === true) html = `<strong>${html}</strong>`;
  return html;
}
