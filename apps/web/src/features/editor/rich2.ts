import type { BaseEditor, Descendant } from "slate";
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

/** Plain text (a textarea's content) as paragraphs, one per line. */
function textToValue(text: string): Descendant[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  return lines.map((line) => paragraph(line));
}

const isNodeArray = (value: unknown): value is Descendant[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((node) => typeof node === "object" && node !== null && Array.isArray((node as Rich2Element).children));

/** A body to start from: a rich2 document when it is one, else its text as paragraphs. */
export function initialValue(body: string): Descendant[] {
  const trimmed = body.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isNodeArray(parsed)) return parsed;
    } catch {
      // Not JSON: the text it is.
    }
  }
  return textToValue(body);
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
