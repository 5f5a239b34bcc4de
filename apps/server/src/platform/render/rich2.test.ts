import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";

const origin = "https://forum.example";
const render = (nodes: unknown) => renderBody(JSON.stringify(nodes), "rich2", { origin });
const p = (...children: unknown[]) => ({ type: "p", children });
const leaving = (url: string) => `https://forum.example/home/leaving?target=${encodeURIComponent(url)}`;

describe("rich2", () => {
  it("renders text marks", () => {
    const leaves = [
      { text: "a" },
      { text: "b", bold: true },
      { text: "i", italic: true },
      { text: "s", strikethrough: true },
      { text: "u", underline: true },
      { text: "c", code: true },
      { text: "all", bold: true, italic: true },
    ];
    expect(render([p(...leaves)])).toBe(
      "<p>a<strong>b</strong><em>i</em><s>s</s><u>u</u><code>c</code><strong><em>all</em></strong></p>",
    );
  });

  it("renders headings h2–h5 (h1 becomes h2) and soft line breaks", () => {
    const heading = (type: string) => ({ type, children: [{ text: type }] });
    expect(render(["h1", "h2", "h3", "h4", "h5"].map(heading))).toBe(
      "<h2>h1</h2><h2>h2</h2><h3>h3</h3><h4>h4</h4><h5>h5</h5>",
    );
    expect(render([p({ text: "one\ntwo" })])).toBe("<p>one<br />two</p>");
  });

  it("renders blockquotes and code blocks", () => {
    const line = (text: string) => ({ type: "blockquote-line", children: [{ text }] });
    expect(render([{ type: "blockquote", children: [line("one"), line("two")] }])).toBe(
      "<blockquote><p>one</p><p>two</p></blockquote>",
    );
    const code = (text: string) => ({ type: "code_line", children: [{ text }] });
    expect(render([{ type: "code_block", lang: "js", children: [code("let a = 1;"), code("@bob <b>")] }])).toBe(
      '<pre><code class="language-js">let a = 1;\n@bob &lt;b&gt;</code></pre>',
    );
  });

  it("renders nested lists", () => {
    const item = (text: string, ...nested: unknown[]) => ({
      type: "li",
      children: [{ type: "lic", children: [{ text }] }, ...nested],
    });
    expect(
      render([{ type: "ul", children: [item("one", { type: "ol", children: [item("two")] }), item("three")] }]),
    ).toBe("<ul><li>one<ol><li>two</li></ol></li><li>three</li></ul>");
  });

  it("renders spoilers, callouts and tables", () => {
    const spoiler = {
      type: "spoiler",
      children: [{ type: "spoiler-content", children: [{ type: "spoiler-item", children: [{ text: "secret" }] }] }],
    };
    expect(render([spoiler])).toBe(
      '<details class="spoiler"><summary>Spoiler</summary><div class="spoiler-content"><p>secret</p></div></details>',
    );
    const callout = {
      type: "callout",
      appearance: "info",
      children: [{ type: "callout-item", children: [{ text: "n" }] }],
    };
    expect(render([callout])).toBe('<div class="callout callout-info"><p>n</p></div>');
    const cell = (type: string, text: string, attributes = {}) => ({ type, attributes, children: [{ text }] });
    const table = {
      type: "table",
      children: [
        { type: "caption", children: [{ text: "T" }] },
        { type: "thead", children: [{ type: "tr", children: [cell("th", "A"), cell("th", "B")] }] },
        { type: "tbody", children: [{ type: "tr", children: [cell("td", "wide", { colspan: 2, rowspan: "3" })] }] },
      ],
    };
    expect(render([table])).toBe(
      "<table><caption>T</caption><thead><tr><th>A</th><th>B</th></tr></thead>" +
        '<tbody><tr><td colspan="2" rowspan="3">wide</td></tr></tbody></table>',
    );
  });

  it("renders links, buttons and mentions", () => {
    const link = (url: string, text: string) => ({ type: "a", url, children: [{ text }] });
    expect(
      render([p(link("https://forum.example/d/1", "in"), { text: " " }, link("https://out.example", "out"))]),
    ).toBe(
      `<p><a href="https://forum.example/d/1">in</a> <a href="${leaving("https://out.example/")}" rel="nofollow ugc noopener">out</a></p>`,
    );
    const button = { type: "link_as_button", url: "/categories", buttonType: "primary", children: [{ text: "Go" }] };
    expect(render([p(button)])).toBe('<p><a href="/categories" class="linkAsButton linkAsButton-primary">Go</a></p>');
    const mention = { type: "@", name: "Jane Doe", userID: 7, url: "javascript:x", children: [{ text: "" }] };
    expect(render([p({ text: "hi " }, mention)])).toBe(
      '<p>hi <a href="https://forum.example/profile/Jane%20Doe" class="atMention" data-userid="7">@Jane Doe</a></p>',
    );
  });

  it("links @mentions typed as text, but not in code or links", () => {
    expect(
      render([
        p({ text: "hi @bob " }, { text: "@code", code: true }, { type: "a", url: "/x", children: [{ text: "@link" }] }),
      ]),
    ).toBe(
      '<p>hi <a href="https://forum.example/profile/bob" class="atMention">@bob</a> <code>@code</code><a href="/x">@link</a></p>',
    );
    const html = renderBody(JSON.stringify([p({ text: "@bob" })]), "rich2", {
      origin,
      mentionUrl: (name) => `/u/${name}`,
    });
    expect(html).toBe('<p><a href="/u/bob" class="atMention">@bob</a></p>');
  });

  it("renders embeds as link cards or images, never frames", () => {
    const card = {
      type: "rich_embed_card",
      dataSourceType: "iframe",
      url: "https://video.example/v/1",
      frameAttributes: { height: 300, width: 400 },
      embedData: { embedType: "iframe", url: "https://video.example/v/1", name: "A video" },
      children: [{ text: "" }],
    };
    expect(render([card])).toBe(
      `<div class="embedCard"><a href="${leaving("https://video.example/v/1")}" rel="nofollow ugc noopener" class="embedLink">A video</a></div>`,
    );
    const image = {
      type: "rich_embed_card",
      dataSourceType: "image",
      embedData: { embedType: "image", url: "https://cdn.example/a.png", name: "a.png", width: 10, height: 20 },
      children: [{ text: "" }],
    };
    expect(render([image])).toBe(
      '<div class="embedCard"><img src="https://cdn.example/a.png" alt="a.png" width="10" height="20" loading="lazy" /></div>',
    );
    const inline = { type: "rich_embed_inline", url: "/d/2", embedData: { url: "/d/2" }, children: [{ text: "" }] };
    expect(render([p(inline)])).toBe('<p><a href="/d/2" class="embedLink">/d/2</a></p>');
  });

  it("shows an error paragraph for unreadable bodies and an empty paragraph for an empty one", () => {
    const error = "<p>There was an error rendering this rich post.</p>";
    expect(renderBody("{not json", "rich2", { origin })).toBe(error);
    expect(renderBody('{"type":"p"}', "rich2", { origin })).toBe(error);
    expect(renderBody("", "rich2", { origin })).toBe("<p></p>");
    expect(render([null, 3, "x", { children: "no" }, p({ text: "ok" })])).toBe("<p>ok</p>");
  });
});
