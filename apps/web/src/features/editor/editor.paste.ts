import { Transforms, type Descendant, type Editor } from "slate";
import { isAcceptedUrl } from "./editor.commands.ts";
import { mentionText } from "./mentions/mentionText.ts";
import { paragraph, type Mark } from "./rich2.ts";

/**
 * Pasted HTML read into rich2 nodes: paragraphs, headings, quotes, code, lists, links with an accepted
 * URL and the four marks. Anything else keeps only its text; scripts, styles, images and frames go.
 * The HTML is parsed inert (DOMParser runs no script and loads nothing) and never inserted as HTML.
 */

const dropped = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "IFRAME", "OBJECT", "EMBED", "IMG", "SVG", "HEAD"]);
const markOf: Record<string, Mark> = {
  STRONG: "bold",
  B: "bold",
  EM: "italic",
  I: "italic",
  S: "strikethrough",
  DEL: "strikethrough",
  STRIKE: "strikethrough",
  CODE: "code",
};
const blockTags = new Set([
  ...["P", "DIV", "H1", "H2", "H3", "H4", "H5", "H6", "BLOCKQUOTE", "PRE", "UL", "OL", "LI"],
  ...["TABLE", "TR", "SECTION", "ARTICLE", "HEADER", "FOOTER"],
]);

type Marks = Partial<Record<Mark, true>>;

/** The inline content of an element: text leaves and links. */
/** A link as a post shows it, through the site's "leaving" page (`/home/leaving?target=…`): the address it leads to. */
function linkTarget(href: string): string {
  const trimmed = href.trim();
  try {
    const url = new URL(trimmed, "http://site.invalid");
    const target = url.pathname.endsWith("/home/leaving") ? url.searchParams.get("target") : null;
    return target && isAcceptedUrl(target) ? target : trimmed;
  } catch {
    return trimmed;
  }
}

function inlines(node: globalThis.Node, marks: Marks, inLink = false): Descendant[] {
  if (node.nodeType === 3) return [{ text: (node.textContent ?? "").replace(/\s+/g, " "), ...marks }];
  if (node.nodeType !== 1) return [];
  const element = node as HTMLElement;
  if (dropped.has(element.tagName)) return [];
  // A rendered mention (`<a class="atMention">@name</a>`) is written again as the `@name` the server links (and
  // notifies), never kept as a plain link to the profile.
  if (element.tagName === "A" && element.classList.contains("atMention") && !inLink) {
    const name = (element.textContent ?? "").replace(/^@/, "").trim();
    if (name) return [{ text: mentionText(name), ...marks }];
  }
  if (element.tagName === "BR") return [{ text: "\n", ...marks }];
  const mark = markOf[element.tagName];
  const inner = mark ? { ...marks, [mark]: true as const } : marks;
  const children = [...element.childNodes].flatMap((child) => inlines(child, inner, inLink || element.tagName === "A"));
  const href = element.getAttribute("href");
  if (element.tagName === "A" && !inLink && href && isAcceptedUrl(href) && children.length) {
    return [{ type: "a", url: linkTarget(href), children }];
  }
  return children;
}

const textBlock = (type: "p" | "h2" | "h3" | "lic" | "blockquote-line", children: Descendant[]): Descendant => ({
  type,
  children: children.length ? children : [{ text: "" }],
});

/** Block content: runs of inline content become paragraphs (or `type`). */
function blocks(element: HTMLElement, type: "p" | "blockquote-line" = "p"): Descendant[] {
  const out: Descendant[] = [];
  let run: Descendant[] = [];
  const flush = () => {
    if (run.some((node) => !("text" in node) || node.text.trim() !== "")) out.push(textBlock(type, run));
    run = [];
  };
  for (const child of element.childNodes) {
    const tag = child.nodeType === 1 ? (child as HTMLElement).tagName : "";
    if (!blockTags.has(tag)) {
      run.push(...inlines(child, {}));
      continue;
    }
    flush();
    out.push(...block(child as HTMLElement, type));
  }
  flush();
  return out;
}

function block(element: HTMLElement, lineType: "p" | "blockquote-line"): Descendant[] {
  switch (element.tagName) {
    case "H1":
    case "H2":
      return lineType === "p" ? [textBlock("h2", inlines(element, {}))] : blocks(element, lineType);
    case "H3":
    case "H4":
    case "H5":
    case "H6":
      return lineType === "p" ? [textBlock("h3", inlines(element, {}))] : blocks(element, lineType);
    case "BLOCKQUOTE": {
      const lines = blocks(element, "blockquote-line");
      return lineType === "p" && lines.length ? [{ type: "blockquote", children: lines }] : lines;
    }
    case "PRE": {
      const lines = (element.textContent ?? "").replace(/\n$/, "").split("\n");
      return [
        { type: "code_block", children: lines.map((line) => ({ type: "code_line", children: [{ text: line }] })) },
      ];
    }
    case "UL":
    case "OL": {
      const items = [...element.children]
        .filter((child) => child.tagName === "LI")
        .map((item) => ({ type: "li" as const, children: [textBlock("lic", inlines(item, {}))] }));
      return items.length ? [{ type: element.tagName === "OL" ? "ol" : "ul", children: items }] : [];
    }
    default:
      return blocks(element, lineType);
  }
}

/** Pasted HTML as rich2 blocks (at least one paragraph). */
export function htmlToRich2(html: string): Descendant[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  const nodes = blocks(document.body);
  return nodes.length ? nodes : [paragraph()];
}

/** Pasting: Slate's own fragments as they are, HTML read through {@link htmlToRich2}, anything else as text. */
export function withRich2Paste(editor: Editor): Editor {
  const { insertData } = editor;
  editor.insertData = (data) => {
    const html = data.getData("text/html");
    if (html && !data.types.includes("application/x-slate-fragment")) {
      Transforms.insertFragment(editor, htmlToRich2(html));
      return;
    }
    insertData(data);
  };
  return editor;
}
