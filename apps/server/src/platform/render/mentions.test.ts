import { describe, expect, it } from "vitest";
import { findMentions } from "./mentions.ts";
import { extractMentions, renderBody } from "./index.ts";

const names = (text: string) => findMentions(text).map((mention) => mention.name);

describe("mention parsing", () => {
  it.each([
    ["@bob", ["bob"]],
    ["hi @bob, and @alice.", ["bob", "alice"]],
    ['@"Jane Doe" said', ["Jane Doe"]],
    ['@" Jane Doe "?', ["Jane Doe"]],
    ["(@bob) @bob's @bob! @bob?", ["bob", "bob", "bob", "bob"]],
    ["@jane.doe. @a-b- @x_y_", ["jane.doe", "a-b", "x_y_"]],
    ["@Zoë @名前", ["Zoë", "名前"]],
    ["a@b.com first.last@example.com", []],
    ["@@bob x@bob", []],
    ["medium.com/@user path\\@user", []],
    ['@ alone, @"", @" ", @",", @"<b>"', []],
    [`@${"a".repeat(64)} @${"b".repeat(65)}`, ["a".repeat(64)]],
  ])("%j → %j", (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it("finds where each mention starts and ends", () => {
    expect(findMentions('x @"A B" y')).toEqual([{ index: 2, end: 8, name: "A B" }]);
  });

  it("uses the mentionUrl option for links", () => {
    const html = renderBody("@bob", "text", {
      origin: "https://forum.example",
      mentionUrl: (name) => `/members/${name}`,
    });
    expect(html).toBe('<a href="/members/bob" class="atMention">@bob</a>');
  });

  it("escapes names and encodes them in the default profile address", () => {
    expect(renderBody('@"Tom & Jerry"', "text", { origin: "https://forum.example/" })).toBe(
      '<a href="https://forum.example/profile/Tom%20%2526%20Jerry" class="atMention">@Tom &amp; Jerry</a>',
    );
  });

  it("ignores mentions in code and links in every format", () => {
    expect(extractMentions("`@a` [@b](/x)\n\n```\n@c\n```", "markdown")).toEqual([]);
    expect(extractMentions("<code>@a</code><pre>@b</pre><a href=/x>@c</a><script>@d</script>", "html")).toEqual([]);
    expect(extractMentions("[code]@a[/code] [url=/x]@b[/url] [url]https://x.example/@c[/url]", "bbcode")).toEqual([]);
    expect(extractMentions("https://medium.com/@a mailto:b@c.com", "text")).toEqual([]);
    const rich2 = [
      {
        type: "p",
        children: [
          { text: "@a", code: true },
          { type: "a", url: "/x", children: [{ text: "@b" }] },
        ],
      },
    ];
    expect(extractMentions(JSON.stringify(rich2), "rich2")).toEqual([]);
  });
});
