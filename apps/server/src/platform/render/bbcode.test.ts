import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";

const origin = "https://forum.example";
const render = (body: string) => renderBody(body, "bbcode", { origin });

describe("bbcode", () => {
  it("renders inline tags, case-insensitively", () => {
    expect(render("[b]b[/b] [I]i[/I] [u]u[/u] [s]s[/s]")).toBe("<strong>b</strong> <em>i</em> <u>u</u> <s>s</s>");
  });

  it("renders links and images through the safe-link rule", () => {
    expect(render("[url]https://forum.example/d/1[/url]")).toBe(
      '<a href="https://forum.example/d/1">https://forum.example/d/1</a>',
    );
    expect(render('[url="https://out.example"][b]site[/b][/url]')).toBe(
      '<a href="https://forum.example/home/leaving?target=https%3A%2F%2Fout.example%2F" rel="nofollow ugc noopener">' +
        "<strong>site</strong></a>",
    );
    expect(render("[url=javascript:alert(1)]x[/url]")).toBe("<a>x</a>");
    expect(render("[img]https://cdn.example/a.png[/img]")).toBe(
      '<img src="https://cdn.example/a.png" alt="" loading="lazy" />',
    );
    expect(render("[img]javascript:alert(1)[/img]")).toBe("");
  });

  it("renders quotes, code and lists", () => {
    expect(render("[quote]q[/quote]")).toBe('<blockquote class="userQuote">q</blockquote>');
    expect(render('[quote="Bob;123"]\nq\n[/quote]\nafter')).toBe(
      '<blockquote class="userQuote"><div class="userQuote-author">Bob</div>q</blockquote>after',
    );
    expect(render("[code]\n[b]x[/b] @bob <i>\n[/code]")).toBe("<pre><code>[b]x[/b] @bob &lt;i&gt;</code></pre>");
    expect(render("[list]\n[*]one\n[*]two\n[/list]")).toBe("<ul><li>one</li><li>two</li></ul>");
    expect(render("[list=1][*]one[/*][*]two[/list]")).toBe("<ol><li>one</li><li>two</li></ol>");
  });

  it("escapes HTML, closes open tags, keeps stray tags as text", () => {
    expect(render("<b>x</b> [b]open")).toBe("&lt;b&gt;x&lt;/b&gt; <strong>open</strong>");
    expect(render("[/i] [*] [b]x[/i][/b]")).toBe("[/i] [*] <strong>x[/i]</strong>");
  });

  it("links URLs and mentions in text, with line breaks", () => {
    expect(render("hi @bob\nsee https://forum.example/x")).toBe(
      'hi <a href="https://forum.example/profile/bob" class="atMention">@bob</a><br />' +
        'see <a href="https://forum.example/x">https://forum.example/x</a>',
    );
    expect(render("[url=/x]@bob[/url]")).toBe('<a href="/x">@bob</a>');
  });
});
