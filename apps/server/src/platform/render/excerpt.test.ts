import { describe, expect, it } from "vitest";
import { extractMentions, normalizeFormat, postFormats, renderExcerpt, toPlainText } from "./index.ts";

const rich2 = JSON.stringify([
  { type: "h2", children: [{ text: "Title" }] },
  {
    type: "p",
    children: [
      { text: "Hi " },
      { type: "@", name: "Jane Doe", userID: 2, children: [{ text: "" }] },
      { text: " and @bob" },
    ],
  },
  {
    type: "spoiler",
    children: [{ type: "spoiler-content", children: [{ type: "spoiler-item", children: [{ text: "secret" }] }] }],
  },
  { type: "code_block", children: [{ type: "code_line", children: [{ text: "@notme()" }] }] },
]);
const rich = JSON.stringify([
  { insert: "Title" },
  { insert: "\n", attributes: { header: 2 } },
  { insert: "Hi " },
  { insert: { mention: { name: "Jane Doe", userID: 2 } } },
  { insert: " and @bob\n@notme()" },
  { insert: "\n", attributes: { "code-block": true } },
]);

describe("renderExcerpt", () => {
  it.each([
    ["rich2", rich2, "Title Hi @Jane Doe and @bob Spoiler @notme()"],
    ["rich", rich, "Title Hi @Jane Doe and @bob @notme()"],
    [
      "markdown",
      "# Title\n\nSome **bold** text, [a link](https://x.example).\n\n- one\n- two",
      "Title Some bold text, a link. one two",
    ],
    ["text", "<b>not html</b> &amp;\n\n  spaced   out", "<b>not html</b> &amp; spaced out"],
    ["textex", "line\nline", "line line"],
    [
      "html",
      "<p>a &amp; b</p><p>c<br>d</p><script>x</script><details><summary>S</summary>hidden</details>",
      "a & b c d S",
    ],
    ["wysiwyg", "<table><tr><td>a</td><td>b</td></tr></table>", "a b"],
    ["bbcode", "[b]Hi[/b] [quote=Bob]q[/quote] [img]https://x.example/a.png[/img]", "Hi Bob q"],
  ] as const)("%s", (format, body, excerpt) => {
    expect(renderExcerpt(body, format)).toBe(excerpt);
  });

  it("cuts at a word boundary with an ellipsis", () => {
    const body = "The quick brown fox jumps over the lazy dog.";
    expect(renderExcerpt(body, "text", 100)).toBe(body);
    expect(renderExcerpt(body, "text", body.length)).toBe(body);
    expect(renderExcerpt(body, "text", 20)).toBe("The quick brown fox…");
    expect(renderExcerpt(body, "text", 19)).toBe("The quick brown fox…");
    expect(renderExcerpt(body, "text", 18)).toBe("The quick brown…");
    expect(renderExcerpt("Hello, world and more", "text", 7)).toBe("Hello…");
    expect(renderExcerpt("Supercalifragilistic", "text", 5)).toBe("Super…");
    expect(renderExcerpt("😀😀😀 😀😀", "text", 4)).toBe("😀😀😀…");
  });

  it("defaults to 200 characters", () => {
    const excerpt = renderExcerpt("word ".repeat(100), "markdown");
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt.endsWith("word…")).toBe(true);
  });
});

describe("toPlainText", () => {
  it("gives one line per block, spoilers included, for search", () => {
    expect(toPlainText(rich2, "rich2")).toBe("Title\nHi @Jane Doe and @bob\nSpoiler\nsecret\n@notme()");
    expect(toPlainText("# T\n\npara *one*\n\n- a\n- b", "markdown")).toBe("T\npara one\na\nb");
    expect(toPlainText("<p>x &lt;y&gt;</p>", "html")).toBe("x <y>");
    expect(toPlainText("a\n\nb", "text")).toBe("a\nb");
    expect(toPlainText("[list][*]a[*]b[/list]", "bbcode")).toBe("a\nb");
  });
});

describe("extractMentions", () => {
  it.each([
    ["rich2", rich2, ["Jane Doe", "bob"]],
    ["rich", rich, ["Jane Doe", "bob"]],
    ["markdown", '@bob @"Jane Doe" @Bob `@code`', ["bob", "Jane Doe"]],
    ["text", "@bob, @ann and a@b.com", ["bob", "ann"]],
    ["textex", "@bob", ["bob"]],
    ["html", "<p>@bob <a href=/x>@link</a> <b>@ann</b></p>", ["bob", "ann"]],
    ["wysiwyg", "<code>@x</code>@ann", ["ann"]],
    ["bbcode", "[b]@bob[/b] [code]@x[/code] [quote=ann]@ann[/quote]", ["bob", "ann"]],
  ] as const)("%s", (format, body, expected) => {
    expect(extractMentions(body, format)).toEqual(expected);
  });

  it("returns nothing for unreadable rich bodies", () => {
    expect(extractMentions("{", "rich2")).toEqual([]);
    expect(extractMentions("@x", "rich")).toEqual([]);
  });
});

describe("normalizeFormat", () => {
  it("accepts every format case-insensitively and nothing else", () => {
    for (const format of postFormats) expect(normalizeFormat(format.toUpperCase())).toBe(format);
    expect(normalizeFormat(" Markdown ")).toBe("markdown");
    expect(normalizeFormat("ipb")).toBeNull();
    expect(normalizeFormat("")).toBeNull();
  });
});
