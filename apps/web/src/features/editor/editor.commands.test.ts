import { createEditor, Editor, Transforms, type Descendant } from "slate";
import { withHistory } from "slate-history";
import { describe, expect, it } from "vitest";
import {
  embedNode,
  insertEmbed,
  isAcceptedUrl,
  isBlockActive,
  isMarkActive,
  setLink,
  shortcutOf,
  toggleBlock,
  toggleMark,
  unwrapLink,
  withRich2,
} from "./editor.commands.ts";
import { htmlToRich2 } from "./editor.paste.ts";
import { initialDocument, serializeRich2 } from "./rich2.ts";

/** A headless editor holding paragraphs, the whole document selected unless told otherwise. */
function editorWith(...lines: string[]): Editor {
  const editor = withRich2(withHistory(createEditor()));
  editor.children = lines.map((text) => ({ type: "p", children: [{ text }] }));
  Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
  return editor;
}

/** What the form posts, read back. */
const posted = (editor: Editor) => JSON.parse(serializeRich2(editor.children)) as Descendant[];

describe("rich2 serialisation of each editor element", () => {
  it("marks: bold, italic, strikethrough, inline code", () => {
    for (const mark of ["bold", "italic", "strikethrough", "code"] as const) {
      const editor = editorWith("word");
      toggleMark(editor, mark);
      expect(isMarkActive(editor, mark)).toBe(true);
      expect(posted(editor)).toEqual([{ type: "p", children: [{ text: "word", [mark]: true }] }]);
      toggleMark(editor, mark);
      expect(posted(editor)).toEqual([{ type: "p", children: [{ text: "word" }] }]);
    }
  });

  it("headings h2 and h3, back to a paragraph on a second press", () => {
    const editor = editorWith("Title");
    toggleBlock(editor, "h2");
    expect(posted(editor)).toEqual([{ type: "h2", children: [{ text: "Title" }] }]);
    toggleBlock(editor, "h3");
    expect(posted(editor)).toEqual([{ type: "h3", children: [{ text: "Title" }] }]);
    expect(isBlockActive(editor, "h3")).toBe(true);
    toggleBlock(editor, "h3");
    expect(posted(editor)).toEqual([{ type: "p", children: [{ text: "Title" }] }]);
  });

  it("bulleted and numbered lists as ul/ol > li > lic, and back", () => {
    const editor = editorWith("one", "two");
    toggleBlock(editor, "ul");
    const item = (text: string) => ({ type: "li", children: [{ type: "lic", children: [{ text }] }] });
    expect(posted(editor)).toEqual([{ type: "ul", children: [item("one"), item("two")] }]);
    toggleBlock(editor, "ol");
    expect(posted(editor)).toEqual([{ type: "ol", children: [item("one"), item("two")] }]);
    toggleBlock(editor, "ol");
    expect(posted(editor)).toEqual([
      { type: "p", children: [{ text: "one" }] },
      { type: "p", children: [{ text: "two" }] },
    ]);
  });

  it("Enter in a list item makes the next item; on an empty item it leaves the list", () => {
    const editor = editorWith("one");
    toggleBlock(editor, "ul");
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    editor.insertText("two");
    editor.insertBreak();
    editor.insertBreak();
    editor.insertText("after");
    expect(posted(editor)).toEqual([
      {
        type: "ul",
        children: [
          { type: "li", children: [{ type: "lic", children: [{ text: "one" }] }] },
          { type: "li", children: [{ type: "lic", children: [{ text: "two" }] }] },
        ],
      },
      { type: "p", children: [{ text: "after" }] },
    ]);
  });

  it("block quotes and code blocks with their lines", () => {
    const quote = editorWith("a", "b");
    toggleBlock(quote, "blockquote");
    const line = (type: string, text: string) => ({ type, children: [{ text }] });
    expect(posted(quote)).toEqual([
      { type: "blockquote", children: [line("blockquote-line", "a"), line("blockquote-line", "b")] },
    ]);
    const code = editorWith("let a = 1;", "a += 1;");
    toggleBlock(code, "code_block");
    expect(posted(code)).toEqual([
      { type: "code_block", children: [line("code_line", "let a = 1;"), line("code_line", "a += 1;")] },
    ]);
    // A list turned into a quote leaves the list first.
    toggleBlock(code, "ul");
    toggleBlock(code, "blockquote");
    expect(posted(code)).toEqual([
      { type: "blockquote", children: [line("blockquote-line", "let a = 1;"), line("blockquote-line", "a += 1;")] },
    ]);
  });

  it("links: accepted schemes only, edited in place, removed keeping the text", () => {
    expect(
      ["https://x.example/a", "http://x.example", "mailto:a@b.example", "/discussions/1"].every(isAcceptedUrl),
    ).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example", "data:text/html,x", "x.example", "https:// x"]) {
      expect(isAcceptedUrl(bad), bad).toBe(false);
    }
    const editor = editorWith("see this");
    expect(setLink(editor, "javascript:alert(1)")).toBe(false);
    expect(setLink(editor, "https://example.com/a")).toBe(true);
    expect(posted(editor)).toEqual([
      {
        type: "p",
        children: [
          { text: "" },
          { type: "a", url: "https://example.com/a", children: [{ text: "see this" }] },
          { text: "" },
        ],
      },
    ]);
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 });
    setLink(editor, "/categories");
    expect(JSON.stringify(posted(editor))).toContain('"url":"/categories"');
    unwrapLink(editor);
    expect(posted(editor)).toEqual([{ type: "p", children: [{ text: "see this" }] }]);
  });

  it("uploaded images and files as rich_embed_card nodes, followed by a paragraph", () => {
    const editor = editorWith("");
    const image = {
      embedType: "image" as const,
      url: "http://forum.example/uploads/2025/01/abc.png",
      name: "a.png",
      type: "image/png",
      size: 70,
      width: 1,
      height: 1,
      mediaID: 3,
    };
    Transforms.select(editor, Editor.end(editor, []));
    insertEmbed(editor, image);
    const doc = posted(editor);
    expect(doc).toContainEqual({
      type: "rich_embed_card",
      dataSourceType: "image",
      url: image.url,
      embedData: image,
      children: [{ text: "" }],
    });
    expect(doc.at(-1)).toEqual({ type: "p", children: [{ text: "" }] });
    expect(embedNode({ embedType: "file", url: "/uploads/x.pdf", name: "x.pdf" })).toMatchObject({
      type: "rich_embed_card",
      dataSourceType: "file",
    });
    expect(editor.isVoid(embedNode(image))).toBe(true);
  });

  it("posts nothing for an empty document, and starts from rich2 or from text", () => {
    expect(serializeRich2([{ type: "p", children: [{ text: "  " }] }])).toBe("");
    const doc = [{ type: "h2", children: [{ text: "x" }] }];
    const initialValue = (body: string) => initialDocument(body).value;
    expect(initialValue(JSON.stringify(doc))).toEqual(doc);
    expect(initialValue("one\ntwo")).toEqual([
      { type: "p", children: [{ text: "one" }] },
      { type: "p", children: [{ text: "two" }] },
    ]);
    expect(initialValue("[not json")).toEqual([{ type: "p", children: [{ text: "[not json" }] }]);
    // Plain text keeps its `>`; only Markdown's make a quote.
    expect(initialValue("> not a quote")).toEqual([{ type: "p", children: [{ text: "> not a quote" }] }]);
  });

  it("takes over a Markdown text area: Quote's `>` lines as a block quote with its link, and the caret where it was", () => {
    const text = "Before\n\n> [Ann](https://forum.test/discussion/comment/7#Comment_7) said:\n>\n> One\n> Two\n\nMine";
    const { value, selection } = initialDocument(text, {
      markdown: true,
      caret: { start: text.length, end: text.length },
    });
    expect(value).toEqual([
      { type: "p", children: [{ text: "Before" }] },
      { type: "p", children: [{ text: "" }] },
      {
        type: "blockquote",
        children: [
          {
            type: "blockquote-line",
            children: [
              { text: "" },
              { type: "a", url: "https://forum.test/discussion/comment/7#Comment_7", children: [{ text: "Ann" }] },
              { text: " said:" },
            ],
          },
          { type: "blockquote-line", children: [{ text: "One" }] },
          { type: "blockquote-line", children: [{ text: "Two" }] },
        ],
      },
      // The empty line after the quote is Markdown's separator, not a paragraph.
      { type: "p", children: [{ text: "Mine" }] },
    ]);
    expect(selection).toEqual({ anchor: { path: [3, 0], offset: 4 }, focus: { path: [3, 0], offset: 4 } });
    // Quote's Markdown as the text area has it right after a Quote: one empty paragraph to write in.
    const quoted = "> [Ann](https://forum.test/c/7) said:\n>\n> One\n\n";
    const end = { start: quoted.length, end: quoted.length };
    const afterQuote = initialDocument(quoted, { markdown: true, caret: end });
    expect(afterQuote.value.map((node) => ("type" in node ? node.type : ""))).toEqual(["blockquote", "p"]);
    expect(afterQuote.selection?.anchor).toEqual({ path: [1, 0], offset: 0 });
    // A selection inside the quote: past its `> `.
    const inTwo = text.indexOf("Two") + 1;
    expect(initialDocument(text, { markdown: true, caret: { start: inTwo, end: inTwo + 2 } }).selection).toEqual({
      anchor: { path: [2, 2, 0], offset: 1 },
      focus: { path: [2, 2, 0], offset: 3 },
    });
    // Markdown's links and bare addresses are links; the caret in such a line goes to its end.
    const linked = "See [one](https://one.example) and https://two.example/x.";
    const withLinks = initialDocument(linked, { markdown: true, caret: { start: 3, end: 3 } });
    expect(withLinks.value).toEqual([
      {
        type: "p",
        children: [
          { text: "See " },
          { type: "a", url: "https://one.example", children: [{ text: "one" }] },
          { text: " and " },
          { type: "a", url: "https://two.example/x", children: [{ text: "https://two.example/x" }] },
          { text: "." },
        ],
      },
    ]);
    expect(withLinks.selection?.anchor).toEqual({ path: [0, 4], offset: 1 });
    // Plain text keeps them as typed.
    expect(initialDocument(linked).value).toEqual([{ type: "p", children: [{ text: linked }] }]);
    // In the middle of plain lines, exactly there.
    expect(initialDocument("abc\ndef", { caret: { start: 5, end: 5 } }).selection).toEqual({
      anchor: { path: [1, 0], offset: 1 },
      focus: { path: [1, 0], offset: 1 },
    });
  });

  it("keyboard shortcuts", () => {
    const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>>) =>
      shortcutOf({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key("b", { ctrlKey: true })).toBe("bold");
    expect(key("I", { metaKey: true })).toBe("italic");
    expect(key("e", { ctrlKey: true })).toBe("code");
    expect(key("x", { ctrlKey: true, shiftKey: true })).toBe("strikethrough");
    expect(key("k", { metaKey: true })).toBe("link");
    expect(key("b", {})).toBeNull();
    expect(key("b", { ctrlKey: true, altKey: true })).toBeNull();
  });
});

describe("pasted HTML", () => {
  it("keeps structure and marks, drops scripts, images, handlers and unsafe links", () => {
    const html =
      '<h1>Title</h1><p>Hello <b>bold</b> <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/" onclick="x()">ok</a>' +
      "<img src=x onerror=alert(1)></p><script>alert(1)</script><ul><li>one</li><li><i>two</i></li></ul>" +
      "<blockquote><p>quoted</p></blockquote><pre>a\nb</pre>";
    expect(htmlToRich2(html)).toEqual([
      { type: "h2", children: [{ text: "Title" }] },
      {
        type: "p",
        children: [
          { text: "Hello " },
          { text: "bold", bold: true },
          { text: " " },
          { text: "bad" },
          { text: " " },
          { type: "a", url: "https://ok.example/", children: [{ text: "ok" }] },
        ],
      },
      {
        type: "ul",
        children: [
          { type: "li", children: [{ type: "lic", children: [{ text: "one" }] }] },
          { type: "li", children: [{ type: "lic", children: [{ text: "two", italic: true }] }] },
        ],
      },
      { type: "blockquote", children: [{ type: "blockquote-line", children: [{ text: "quoted" }] }] },
      {
        type: "code_block",
        children: [
          { type: "code_line", children: [{ text: "a" }] },
          { type: "code_line", children: [{ text: "b" }] },
        ],
      },
    ]);
    expect(JSON.stringify(htmlToRich2("<style>p{}</style><iframe src=x></iframe>"))).not.toMatch(/iframe|style|p\{/);
  });

  it("writes a rendered mention again as the @name the server links, quoted when the name needs it", () => {
    const html =
      '<p>Thanks <a href="/profile/ada" class="atMention" data-userid="3">@ada</a> and ' +
      '<strong><a href="/profile/Jane%20Doe" class="atMention">@Jane Doe</a></strong>, see <a href="/profile/ada">her profile</a>.</p>';
    expect(htmlToRich2(html)).toEqual([
      {
        type: "p",
        children: [
          { text: "Thanks " },
          { text: "@ada" },
          { text: " and " },
          { text: '@"Jane Doe"', bold: true },
          { text: ", see " },
          { type: "a", url: "/profile/ada", children: [{ text: "her profile" }] },
          { text: "." },
        ],
      },
    ]);
  });
});
