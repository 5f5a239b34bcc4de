import { describe, expect, it } from "vitest";
import { childrenNamed, onlyChild, parseStrictXml, textOf } from "../../test/xml.ts";
import { escapeXml, rfc822, writeFeed, type Feed } from "./feeds.xml.ts";

const hostile = "A & B <c> \"d\" 'e' \u0000\u0001\u0008\u000B\u000C\u001F\uFFFE\uFFFF\uD800 tab\there\nline 🎉 é";
/** What XML 1.0 keeps of `hostile`: the characters it cannot hold are gone, the rest as written. */
const kept = "A & B <c> \"d\" 'e'  tab\there\nline 🎉 é";

const feed = (items: Feed["items"]): Feed => ({
  id: "https://forum.example/discussions",
  title: hostile,
  description: hostile,
  url: "https://forum.example/discussions",
  feedUrl: "https://forum.example/discussions/feed",
  base: "https://forum.example/",
  updated: "2026-11-29T22:34:12.345Z",
  items,
});

const item = {
  id: "https://forum.example/discussion/1",
  title: hostile,
  url: "https://forum.example/discussion/1/a-b?x=1&y=2",
  author: hostile,
  published: "2026-11-29T22:34:12.000Z",
  updated: "2026-11-29T22:34:12.345Z",
  html: '<p>Hi <a href="/profile/x">x</a> &amp; <b>bold</b>\u0007</p>',
  category: "Q&A",
};

describe("escapeXml", () => {
  it("removes the characters XML 1.0 cannot hold and escapes the five markup characters", () => {
    expect(escapeXml(hostile)).toBe("A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;  tab\there\nline 🎉 é");
    expect(escapeXml("\r\n\t")).toBe("\r\n\t");
    expect(escapeXml("\uD83C\uDF89")).toBe("🎉");
    expect(escapeXml("\uDF89\uD83C")).toBe("");
  });
});

describe("writeFeed", () => {
  it("writes RSS 2.0 that strict XML reads back as written", () => {
    const xml = writeFeed(feed([item]), "rss");
    const channel = onlyChild(onlyChild(parseStrictXml(xml), "rss"), "channel");
    expect(textOf(onlyChild(channel, "title"))).toBe(kept);
    expect(channel.attribs["xml:base"]).toBe("https://forum.example/");
    const [entry] = childrenNamed(channel, "item");
    expect(textOf(onlyChild(entry!, "link"))).toBe(item.url);
    expect(textOf(onlyChild(entry!, "pubDate"))).toBe("Sun, 29 Nov 2026 22:34:12 GMT");
    expect(textOf(onlyChild(entry!, "dc:creator"))).toBe(kept);
    expect(textOf(onlyChild(entry!, "category"))).toBe("Q&A");
    expect(textOf(onlyChild(entry!, "description"))).toBe('<p>Hi <a href="/profile/x">x</a> &amp; <b>bold</b></p>');
  });

  it("writes Atom that strict XML reads back as written, and a valid empty feed", () => {
    const xml = writeFeed(feed([item]), "atom");
    const root = onlyChild(parseStrictXml(xml), "feed");
    expect(textOf(onlyChild(root, "id"))).toBe("https://forum.example/discussions");
    expect(textOf(onlyChild(root, "updated"))).toBe("2026-11-29T22:34:12Z");
    const [entry] = childrenNamed(root, "entry");
    expect(textOf(onlyChild(entry!, "title"))).toBe(kept);
    expect(onlyChild(entry!, "category").attribs["term"]).toBe("Q&A");
    expect(onlyChild(entry!, "link").attribs["href"]).toBe(item.url);
    for (const format of ["rss", "atom"] as const)
      expect(() => parseStrictXml(writeFeed(feed([]), format))).not.toThrow();
  });

  it("dates RSS in RFC 822", () => {
    expect(rfc822("2026-01-02T03:04:05Z")).toBe("Fri, 02 Jan 2026 03:04:05 GMT");
  });
});

describe("parseStrictXml", () => {
  it("refuses what XML 1.0 does not allow", () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
    for (const bad of [
      "<a>&nbsp;</a>",
      "<a>a & b</a>",
      "<a>1 < 2</a>",
      "<a><b></a></b>",
      "<a>",
      "<a/><b/>",
      "<a>\u0001</a>",
    ]) {
      expect(() => parseStrictXml(declaration + bad), bad).toThrow();
    }
    expect(() => parseStrictXml(`${declaration}<a><b/><c x="1">&amp;&#38;&#x26;</c></a>`)).not.toThrow();
  });
});
