import type { BaseEditor, Descendant, Point, Range } from "slate";
import type { HistoryEditor } from "slate-history";
import type { ReactEditor } from "slate-react";

/**
 * The rich2 document the editor writes: Slate's own value, with the node types the server's rich2
 * renderer reads (apps/server/src/platform/render/rich2.ts). Nothing else is ever produced.
 */

/** Blocks that hold text and inline nodes. */
export const textBlockTypes = ["p", "h2", "h3", "lic", "blockquote-line", "code_line"] as const;
/** Blocks that hold other blocks. */
export const containerTypes = ["ul", "ol", "li", "blockquote", "code_block"] as const;

type TextBlockType = (typeof textBlockTypes)[number];
export type ContainerType = (typeof containerTypes)[number];
export type Mark = "bold" | "italic" | "strikethrough" | "code";

export interface EmbedData {
  embedType: "image" | "file";
  url: string;
  name: string;
  type?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  mediaID?: number;
}

export interface TextBlockElement {
  type: TextBlockType;
  children: Descendant[];
}
interface ContainerElement {
  type: ContainerType;
  lang?: string;
  children: Descendant[];
}
interface LinkElement {
  type: "a";
  url: string;
  children: Descendant[];
}
export interface EmbedElement {
  type: "rich_embed_card";
  dataSourceType: "image" | "file";
  url: string;
  embedData: EmbedData;
  children: [{ text: "" }];
}
export type Rich2Element = TextBlockElement | ContainerElement | LinkElement | EmbedElement;
type Rich2Text = { text: string } & Partial<Record<Mark, true>>;

declare module "slate" {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: Rich2Element;
    Text: Rich2Text;
  }
}

export const paragraph = (text = ""): TextBlockElement => ({ type: "p", children: [{ text }] });

/** Where a line of the text area's text went: the text node it starts in and the characters dropped before it. */
interface LineSpot {
  path: number[];
  /** The quote marker (`> `) removed from the line's start. */
  skip: number;
  /** The line's text lies past the start of this node (a quote's attribution): a caret in it goes to the end. */
  end?: number;
}

/** A Markdown link (`[label](http…)`) or a bare web address (which Markdown links too). */
const INLINE_LINK = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/g;

/**
 * A Markdown line's links as link nodes between its texts (Slate's inline shape: text, link, text…), or null when
 * it has none: what was typed as Markdown is posted with its links, not as `[…](…)` text.
 */
function inlineLinks(line: string): Descendant[] | null {
  const children: Descendant[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE_LINK)) {
    const [whole, label, url, bare] = match;
    children.push({ text: line.slice(last, match.index) });
    children.push({ type: "a", url: (url ?? bare)!, children: [{ text: (label ?? bare)! }] });
    last = match.index + whole.length;
  }
  if (!children.length) return null;
  children.push({ text: line.slice(last) });
  return children;
}

/**
 * The plain text area's text (what was typed before the editor took over) as rich2: a paragraph per
 * line, its Markdown links and web addresses as links (a caret in such a line goes to its end). In Markdown, `>` lines become a block quote, the first one's `[Name](url) said:` a link (Quote's
 * Markdown, see quoteMarkdown), so a quote made in the text area is posted as a quote, not as `>` text.
 * With where each line went, to carry the caret over.
 */
function textToDocument(text: string, markdown: boolean): { value: Descendant[]; spots: LineSpot[] } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const value: Descendant[] = [];
  const spots: LineSpot[] = [];
  let quote: { type: "blockquote"; children: Descendant[] } | null = null;
  let afterAttribution = false;
  lines.forEach((line, index) => {
    const marker = markdown ? /^ {0,3}> ?/.exec(line)?.[0].length : undefined;
    if (marker === undefined) {
      // The empty line Markdown needs after a quote is no paragraph of its own (a caret there goes to the next line).
      const next = lines[index + 1];
      const separator = quote !== null && line === "" && next !== undefined && !/^ {0,3}>/.test(next);
      quote = null;
      if (separator) {
        spots.push({ path: [value.length, 0], skip: 0, end: 0 });
        return;
      }
      const links = markdown ? inlineLinks(line) : null;
      if (links) {
        value.push({ type: "p", children: links });
        const lastText = links[links.length - 1] as Rich2Text;
        spots.push({ path: [value.length - 1, links.length - 1], skip: 0, end: lastText.text.length });
        return;
      }
      value.push(paragraph(line));
      spots.push({ path: [value.length - 1, 0], skip: 0 });
      return;
    }
    const content = line.slice(marker);
    if (!quote) {
      quote = { type: "blockquote", children: [] };
      value.push(quote);
      const attribution = /^\[([^\]]+)\]\((\S+)\)( .*)$/.exec(content);
      if (attribution) {
        const [, name = "", url = "", rest = ""] = attribution;
        quote.children.push({
          type: "blockquote-line",
          children: [{ text: "" }, { type: "a", url, children: [{ text: name }] }, { text: rest }],
        });
        spots.push({ path: [value.length - 1, 0, 2], skip: 0, end: rest.length });
        afterAttribution = true;
        return;
      }
    }
    // The empty `>` line Markdown needs after the attribution is no line of the quote.
    if (afterAttribution && content.trim() === "") {
      spots.push(spots[spots.length - 1]!);
      afterAttribution = false;
      return;
    }
    afterAttribution = false;
    quote.children.push({ type: "blockquote-line", children: [{ text: content }] });
    spots.push({ path: [value.length - 1, quote.children.length - 1, 0], skip: marker });
  });
  return { value, spots };
}

/** The point in the document of a caret at `offset` in the text area's text. */
function pointAt(text: string, spots: LineSpot[], offset: number): Point {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let start = 0;
  for (let index = 0; index < lines.length; index++) {
    const length = lines[index]!.length;
    const spot = spots[index]!;
    if (offset <= start + length || index === lines.length - 1) {
      if (spot.end !== undefined) return { path: spot.path, offset: spot.end };
      const inLine = Math.min(Math.max(offset - start, 0), length);
      return { path: spot.path, offset: Math.max(0, inLine - spot.skip) };
    }
    start += length + 1;
  }
  return { path: [0, 0], offset: 0 };
}

const isNodeArray = (value: unknown): value is Descendant[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((node) => typeof node === "object" && node !== null && Array.isArray((node as Rich2Element).children));

/** Where the text area's caret (or selection) was when the editor took over. */
export interface TextCaret {
  start: number;
  end: number;
}

/**
 * A body to start from: a rich2 document when it is one, else its text (Markdown when `markdown`) as
 * paragraphs and quotes; with the caret given, the same place in the document.
 */
export function initialDocument(
  body: string,
  { markdown = false, caret }: { markdown?: boolean; caret?: TextCaret | null | undefined } = {},
): { value: Descendant[]; selection: Range | null } {
  const trimmed = body.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isNodeArray(parsed)) return { value: parsed, selection: null };
    } catch {
      // Not JSON: the text it is.
    }
  }
  const { value, spots } = textToDocument(body, markdown);
  if (!caret) return { value, selection: null };
  return { value, selection: { anchor: pointAt(body, spots, caret.start), focus: pointAt(body, spots, caret.end) } };
}

function hasContent(nodes: Descendant[]): boolean {
  return nodes.some((node) =>
    "text" in node ? node.text.trim() !== "" : node.type === "rich_embed_card" || hasContent(node.children),
  );
}

/** The value as the form posts it: rich2 JSON, or "" when nothing was written (so "required" checks work). */
export function serializeRich2(value: Descendant[]): string {
  return hasContent(value) ? JSON.stringify(value) : "";
}
