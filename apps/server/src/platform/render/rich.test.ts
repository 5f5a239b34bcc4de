import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";

const origin = "https://forum.example";
const render = (ops: unknown) => renderBody(JSON.stringify(ops), "rich", { origin });
const line = (attributes?: object) => ({ insert: "\n", ...(attributes ? { attributes } : {}) });

describe("rich (Quill delta)", () => {
  it("renders paragraphs and text marks", () => {
    const ops = [
      { insert: "a " },
      { insert: "b", attributes: { bold: true } },
      { insert: " " },
      { insert: "i", attributes: { italic: true } },
      { insert: " " },
      { insert: "s", attributes: { strike: true } },
      { insert: " " },
      { insert: "c", attributes: { code: true } },
      { insert: "\nsecond\n" },
    ];
    expect(render(ops)).toBe("<p>a <strong>b</strong> <em>i</em> <s>s</s> <code>c</code></p><p>second</p>");
  });

  it("renders links through the safe-link rule", () => {
    const ops = [
      { insert: "in", attributes: { link: "/d/1" } },
      { insert: " " },
      { insert: "out", attributes: { link: "https://out.example/x", bold: true } },
      line(),
    ];
    expect(render(ops)).toBe(
      '<p><a href="/d/1">in</a> <a href="https://forum.example/home/leaving?target=https%3A%2F%2Fout.example%2Fx" ' +
        'rel="nofollow ugc noopener"><strong>out</strong></a></p>',
    );
  });

  it("renders headers, quotes, code blocks and spoilers from line formats", () => {
    const ops = [
      { insert: "Title" },
      line({ header: 2 }),
      { insert: "Sub" },
      line({ header: { level: 3, ref: "sub" } }),
      { insert: "q1" },
      line({ "blockquote-line": true }),
      { insert: "q2" },
      line({ "blockquote-line": true }),
      { insert: "let a = 1;" },
      line({ "code-block": true }),
      { insert: "@bob <b>" },
      line({ "code-block": true }),
      { insert: "hidden" },
      line({ "spoiler-line": true }),
    ];
    expect(render(ops)).toBe(
      "<h2>Title</h2><h3>Sub</h3><blockquote><p>q1</p><p>q2</p></blockquote>" +
        "<pre><code>let a = 1;\n@bob &lt;b&gt;</code></pre>" +
        '<details class="spoiler"><summary>Spoiler</summary><div class="spoiler-content"><p>hidden</p></div></details>',
    );
  });

  it("renders lists, nested by depth", () => {
    const ops = [
      { insert: "a" },
      line({ list: "bullet" }),
      { insert: "b" },
      line({ list: { type: "ordered", depth: 1 } }),
      { insert: "c" },
      line({ list: { type: "bullet", depth: 0 } }),
      { insert: "after" },
      line(),
    ];
    expect(render(ops)).toBe("<ul><li>a<ol><li>b</li></ol></li><li>c</li></ul><p>after</p>");
  });

  it("renders mentions and emoji, links typed mentions, drops unknown embeds", () => {
    const ops = [
      { insert: { mention: { name: "Bob", userID: 3 } } },
      { insert: " hi @al " },
      { insert: { emoji: { emojiChars: "🙂" } } },
      { insert: { video: { url: "https://v.example" } } },
      line(),
    ];
    expect(render(ops)).toBe(
      '<p><a href="https://forum.example/profile/Bob" class="atMention" data-userid="3">@Bob</a> hi ' +
        '<a href="https://forum.example/profile/al" class="atMention">@al</a> 🙂</p>',
    );
  });

  it("renders external embeds as link cards", () => {
    const ops = [
      { insert: "before\n" },
      {
        insert: { "embed-external": { data: { url: "https://forum.example/d/9", embedType: "link", name: "A post" } } },
      },
      { insert: "\nafter\n" },
    ];
    expect(render(ops)).toBe(
      '<p>before</p><div class="embedCard"><a href="https://forum.example/d/9" class="embedLink">A post</a></div><p>after</p>',
    );
  });

  it("shows an error paragraph for unreadable bodies", () => {
    expect(renderBody("[{", "rich", { origin })).toBe("<p>There was an error rendering this rich post.</p>");
    expect(renderBody("", "rich", { origin })).toBe("<p></p>");
  });
});
