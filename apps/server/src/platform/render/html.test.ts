import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";

const origin = "https://forum.example";
const bob = '<a href="https://forum.example/profile/bob" class="atMention">@bob</a>';

describe.each(["html", "wysiwyg"] as const)("%s", (format) => {
  const render = (body: string) => renderBody(body, format, { origin });

  it("keeps allowed markup", () => {
    const html =
      "<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <del>d</del> <sup>1</sup></p><ul><li>x</li></ul>" +
      "<blockquote><p>q</p></blockquote><pre><code>c</code></pre><hr /><h3>h</h3>" +
      "<details><summary>s</summary>d</details>";
    expect(render(html)).toBe(html);
  });

  it("drops disallowed elements, keeping their text but not script or style contents", () => {
    expect(render("<font color=red>red</font> <button>b</button>")).toBe("red b");
    expect(render("<script>alert(1)</script><style>p{}</style><iframe src=/x>f</iframe>ok")).toBe("ok");
    expect(render("<h1>Title</h1><!-- note -->")).toBe("<h2>Title</h2>");
  });

  it("drops attributes outside the allowlist and classes outside theirs", () => {
    expect(render('<p class="x" id="y" style="color:red" title="t" onclick="x()">p</p>')).toBe("<p>p</p>");
    expect(render('<div class="callout callout-info evil">c</div><span class="atMention">s</span>')).toBe(
      '<div class="callout callout-info">c</div><span>s</span>',
    );
    expect(render('<pre class="language-js"><code class="language-js hljs">c</code></pre>')).toBe(
      '<pre class="language-js"><code class="language-js">c</code></pre>',
    );
    expect(render('<table><tr><td colspan="2" rowspan="x" width="9">c</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">c</td></tr></table>',
    );
  });

  it("keeps safe images, lazily loaded", () => {
    expect(render('<img src="/uploads/a.png" alt="a" width="10" height="5px" title="t">')).toBe(
      '<img src="/uploads/a.png" alt="a" width="10" loading="lazy" />',
    );
    expect(render('<img src="b.png"><img src="//cdn.example/c.png"><img src="data:image/png;base64,AA==">')).toBe(
      '<img src="https://forum.example/b.png" alt="" loading="lazy" /><img src="https://cdn.example/c.png" alt="" loading="lazy" />',
    );
  });

  it("links mentions and URLs in text, not in links or code", () => {
    expect(render("<p>hi @bob, see https://forum.example/x</p><a href=/y>@ann</a> <code>@ann</code>")).toBe(
      `<p>hi ${bob}, see <a href="https://forum.example/x">https://forum.example/x</a></p><a href="/y">@ann</a> <code>@ann</code>`,
    );
  });
});

describe("html line breaks", () => {
  it("html without block markup keeps its newlines; with block markup, or as wysiwyg, it does not", () => {
    expect(renderBody("one\n<b>two</b> @bob", "html", { origin })).toBe(`one<br /><b>two</b> ${bob}`);
    expect(renderBody("<p>one\ntwo</p>", "html", { origin })).toBe("<p>one\ntwo</p>");
    expect(renderBody("one\ntwo", "wysiwyg", { origin })).toBe("one\ntwo");
  });
});
