import { describe, expect, it } from "vitest";
import { renderBody } from "./index.ts";

const origin = "https://forum.example";
const render = (body: string) => renderBody(body, "markdown", { origin });
const profile = (name: string) =>
  `<a href="https://forum.example/profile/${encodeURIComponent(name)}" class="atMention">@${name}</a>`;

describe("markdown", () => {
  it("renders inline marks and keeps single newlines as breaks", () => {
    expect(render("**b** _i_ ~~s~~ `c`\nnext")).toBe(
      "<p><strong>b</strong> <em>i</em> <s>s</s> <code>c</code><br />\nnext</p>\n",
    );
  });

  it("renders headings (h1 as h2), lists, quotes, rules and code", () => {
    expect(render("# One\n### Three")).toBe("<h2>One</h2>\n<h3>Three</h3>\n");
    expect(render("- a\n- b\n\n3. c")).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3">\n<li>c</li>\n</ol>\n');
    expect(render("> quoted\n\n---")).toBe("<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr />\n");
    expect(render('```ts\nconst a = "@x" < 1;\n```')).toBe(
      '<pre><code class="language-ts">const a = "@x" &lt; 1;\n</code></pre>\n',
    );
  });

  it("renders tables, without style attributes", () => {
    expect(render("| a | b |\n|:-|--:|\n| 1 | 2 |")).toBe(
      "<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n",
    );
  });

  it("shows raw HTML as text", () => {
    expect(render("<b onclick=x>bold</b>")).toBe("<p>&lt;b onclick=x&gt;bold&lt;/b&gt;</p>\n");
  });

  it("renders links and images through the safe-link rule, and links bare URLs", () => {
    expect(render("[in](/d/1) [site](https://forum.example/x) [out](https://out.example/a)")).toBe(
      '<p><a href="/d/1">in</a> <a href="https://forum.example/x">site</a> ' +
        '<a href="https://forum.example/home/leaving?target=https%3A%2F%2Fout.example%2Fa" rel="nofollow ugc noopener">out</a></p>\n',
    );
    expect(render("see https://forum.example/d/2 or mail a@b.com")).toBe(
      '<p>see <a href="https://forum.example/d/2">https://forum.example/d/2</a> or mail <a href="mailto:a@b.com">a@b.com</a></p>\n',
    );
    expect(render("![alt](https://cdn.example/a.png)")).toBe(
      '<p><img src="https://cdn.example/a.png" alt="alt" loading="lazy" /></p>\n',
    );
    expect(render("[bad](javascript:alert(1))")).toBe("<p>[bad](javascript:alert(1))</p>\n");
  });

  it("links mentions, not in code or links", () => {
    expect(render('@bob, @"Jane Doe" and `@code` [@link](/x)')).toBe(
      `<p>${profile("bob")}, ${profile("Jane Doe")} and <code>@code</code> <a href="/x">@link</a></p>\n`,
    );
    expect(render("```\n@bob\n```")).toBe("<pre><code>@bob\n</code></pre>\n");
  });
});
