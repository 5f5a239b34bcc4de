import { Editor, Element, Node, Range, Transforms, type Descendant, type NodeEntry, type Path } from "slate";
import {
  containerTypes,
  paragraph,
  textBlockTypes,
  type ContainerType,
  type EmbedData,
  type EmbedElement,
  type Mark,
  type Rich2Element,
} from "./rich2.ts";

/** What the toolbar's block buttons switch: headings, quote, code block and the two lists. */
export type BlockFormat = "h2" | "h3" | "blockquote" | "code_block" | "ul" | "ol";

const isTextBlock = (node: Node): node is Element =>
  Element.isElement(node) && (textBlockTypes as readonly string[]).includes(node.type);
const isContainer = (node: Node): node is Element =>
  Element.isElement(node) && (containerTypes as readonly string[]).includes(node.type);
const isType =
  (type: string) =>
  (node: Node): boolean =>
    Element.isElement(node) && node.type === type;

/** Links the editor keeps: http(s), mailto and paths on this site (not protocol-relative `//`). */
export function isAcceptedUrl(raw: string): boolean {
  const url = raw.trim();
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  return /^(https?:\/\/[^\s/]+|mailto:[^\s]+)/i.test(url) && !/\s/.test(url);
}

// ── marks ────────────────────────────────────────────────────────────────────────────────────────

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

// ── blocks ───────────────────────────────────────────────────────────────────────────────────────

export function isBlockActive(editor: Editor, format: BlockFormat): boolean {
  if (!editor.selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, editor.selection),
    match: isType(format),
  });
  return match !== undefined;
}

/** The selected text blocks back to top-level paragraphs, out of any list, quote or code block. */
function resetBlocks(editor: Editor): void {
  Transforms.setNodes(editor, { type: "p" }, { match: isTextBlock, mode: "lowest" });
  for (let depth = 0; depth < 16; depth += 1) {
    const [inside] = Editor.nodes(editor, { match: isContainer });
    if (!inside) break;
    Transforms.unwrapNodes(editor, { match: isContainer, mode: "lowest", split: true });
  }
}

const wrapper = (type: ContainerType): Element => ({ type, children: [] });

/** Turns the selected blocks into the format, or back into paragraphs when they already are. */
export function toggleBlock(editor: Editor, format: BlockFormat): void {
  const active = isBlockActive(editor, format);
  Editor.withoutNormalizing(editor, () => {
    resetBlocks(editor);
    if (active) return;
    switch (format) {
      case "h2":
      case "h3":
        Transforms.setNodes(editor, { type: format }, { match: isTextBlock });
        break;
      case "blockquote":
        Transforms.setNodes(editor, { type: "blockquote-line" }, { match: isTextBlock });
        Transforms.wrapNodes(editor, wrapper("blockquote"), { match: isType("blockquote-line") });
        break;
      case "code_block":
        Transforms.setNodes(editor, { type: "code_line" }, { match: isTextBlock });
        Transforms.wrapNodes(editor, wrapper("code_block"), { match: isType("code_line") });
        break;
      case "ul":
      case "ol": {
        Transforms.setNodes(editor, { type: "lic" }, { match: isTextBlock });
        const items = [...Editor.nodes(editor, { match: isType("lic") })].map(([, path]) => path);
        for (const path of items.reverse()) Transforms.wrapNodes(editor, wrapper("li"), { at: path });
        Transforms.wrapNodes(editor, wrapper(format), { match: isType("li") });
        break;
      }
    }
  });
}

// ── links ────────────────────────────────────────────────────────────────────────────────────────

export function activeLink(editor: Editor): NodeEntry<Element & { type: "a"; url: string }> | undefined {
  const [entry] = Editor.nodes(editor, { match: isType("a") });
  return entry as NodeEntry<Element & { type: "a"; url: string }> | undefined;
}

export function unwrapLink(editor: Editor): void {
  Transforms.unwrapNodes(editor, { match: isType("a") });
}

/** Links the selection (or edits the link it is in); a collapsed selection inserts the URL as text. */
export function setLink(editor: Editor, rawUrl: string): boolean {
  const url = rawUrl.trim();
  if (!isAcceptedUrl(url) || !editor.selection) return false;
  const existing = activeLink(editor);
  if (existing) {
    Transforms.setNodes(editor, { url }, { at: existing[1] });
  } else if (Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { type: "a", url, children: [{ text: url }] });
  } else {
    Transforms.wrapNodes(editor, { type: "a", url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: "end" });
  }
  return true;
}

// ── embeds ───────────────────────────────────────────────────────────────────────────────────────

/** An uploaded file as Vanilla's rich2 embed: an image card or a file card. */
export function embedNode(data: EmbedData): EmbedElement {
  return {
    type: "rich_embed_card",
    dataSourceType: data.embedType,
    url: data.url,
    embedData: data,
    children: [{ text: "" }],
  };
}

/** Inserts the embed as a block where the cursor is, with a paragraph after it to go on writing. */
export function insertEmbed(editor: Editor, data: EmbedData): void {
  Transforms.insertNodes(editor, [embedNode(data), paragraph()]);
}

// ── behaviour ────────────────────────────────────────────────────────────────────────────────────

const emptyText = (node: Node) => Node.string(node) === "";

/** rich2's rules on top of Slate: inline links, void embeds, list items that always hold a `lic`, Enter that leaves lists. */
export function withRich2(editor: Editor): Editor {
  const { isInline, isVoid, normalizeNode, insertBreak } = editor;

  editor.isInline = (element) => element.type === "a" || isInline(element);
  editor.isVoid = (element) => element.type === "rich_embed_card" || isVoid(element);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Element.isElement(node)) {
      const wrapChildren = (type: Rich2Element["type"], keep: (child: Descendant) => boolean) => {
        for (const [index, child] of node.children.entries()) {
          if (!keep(child)) {
            Transforms.wrapNodes(editor, { type, children: [] } as Element, { at: [...path, index] });
            return true;
          }
        }
        return false;
      };
      const elementOf = (child: Descendant, types: string[]) => Element.isElement(child) && types.includes(child.type);
      if ((node.type === "ul" || node.type === "ol") && wrapChildren("li", (child) => elementOf(child, ["li"]))) return;
      if (
        node.type === "li" &&
        wrapChildren("lic", (child) => elementOf(child, ["lic", "ul", "ol", "rich_embed_card"]))
      )
        return;
      if (
        node.type === "blockquote" &&
        wrapChildren("blockquote-line", (child) => elementOf(child, ["blockquote-line"]))
      )
        return;
      if (node.type === "code_block" && wrapChildren("code_line", (child) => elementOf(child, ["code_line"]))) return;
    }
    if (path.length === 0 && editor.children.length === 0) {
      Transforms.insertNodes(editor, paragraph(), { at: [0] });
      return;
    }
    normalizeNode(entry, options);
  };

  editor.insertBreak = () => {
    const selection = editor.selection;
    const block = Editor.above(editor, { match: isTextBlock });
    if (!selection || !Range.isCollapsed(selection) || !block) return insertBreak();
    const [node, path] = block;
    if (node.type === "lic" || node.type === "blockquote-line" || node.type === "code_line") {
      // Enter on an empty line leaves the list, quote or code block.
      if (emptyText(node)) {
        toggleBlock(editor, containerOf(node.type, editor, path));
        return;
      }
      if (node.type === "lic") {
        Transforms.splitNodes(editor, { match: isType("li"), always: true });
        return;
      }
      return insertBreak();
    }
    if (node.type === "h2" || node.type === "h3") {
      insertBreak();
      // The line after a heading is a paragraph.
      const after = Editor.above(editor, { match: isTextBlock });
      if (after && emptyText(after[0])) Transforms.setNodes(editor, { type: "p" }, { at: after[1] });
      return;
    }
    insertBreak();
  };

  return editor;
}

function containerOf(type: string, editor: Editor, path: Path): BlockFormat {
  if (type === "blockquote-line") return "blockquote";
  if (type === "code_line") return "code_block";
  const list = Editor.above(editor, { at: path, match: (node) => isType("ul")(node) || isType("ol")(node) });
  return list && Element.isElement(list[0]) && list[0].type === "ol" ? "ol" : "ul";
}

/** Keyboard shortcuts: Ctrl/Cmd + B, I, E (inline code), Shift+X (strikethrough), K (link). */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): Mark | "link" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === "x" ? "strikethrough" : null;
  if (key === "b") return "bold";
  if (key === "i") return "italic";
  if (key === "e") return "code";
  if (key === "k") return "link";
  return null;
}
