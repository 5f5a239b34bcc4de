import { describe, expect, it } from "vitest";
import { escapeJsonForScript, renderHeadTags } from "./head.tsx";
import { defaultSite } from "./site.ts";

const origin = "https://forum.example.com";

describe("renderHeadTags", () => {
  it("joins the page title and the site name with ' - '", () => {
    const html = renderHeadTags({ origin, data: { title: "Categories" } });
    expect(html).toContain("<title>Categories - Parley</title>");
  });

  it("uses the site's own title and description when its settings say them", () => {
    const site = { ...defaultSite, title: "Gardeners' Corner", description: "Everything about gardens." };
    const html = renderHeadTags({ origin, data: { title: "Categories" }, site });
    expect(html).toContain("<title>Categories - Gardeners' Corner</title>");
    expect(html).toContain(`<meta name="description" content="Everything about gardens.">`);
  });

  it("reloads a page of work in progress without JavaScript only (inside <noscript>)", () => {
    expect(renderHeadTags({ origin, data: { title: "Deleting", refreshSeconds: 2 } })).toContain(
      `<noscript><meta http-equiv="refresh" content="2"></noscript>`,
    );
    expect(renderHeadTags({ origin, data: { title: "Done" } })).not.toContain("refresh");
  });

  it("uses the site name alone without a page title", () => {
    expect(renderHeadTags({ origin, data: {} })).toContain("<title>Parley</title>");
  });

  it("escapes markup, ampersands and quotes in the title", () => {
    const html = renderHeadTags({ origin, data: { title: `<b>"Tips" & Tricks</b>` } });
    expect(html).toContain("<title>&lt;b&gt;&quot;Tips&quot; &amp; Tricks&lt;/b&gt; - Parley</title>");
    expect(html).not.toContain("<b>");
  });

  it("builds an absolute canonical URL from the origin", () => {
    const html = renderHeadTags({ origin, data: { canonical: "/categories/news?x=1&y=2" } });
    expect(html).toContain(`<link rel="canonical" href="https://forum.example.com/categories/news?x=1&amp;y=2">`);
  });

  it("writes no canonical link without a canonical path", () => {
    expect(renderHeadTags({ origin, data: { title: "Categories" } })).not.toContain("canonical");
  });

  it("writes the page's description, or the site's, escaped", () => {
    expect(renderHeadTags({ origin, data: { description: `Say "hi" <here>` } })).toContain(
      `<meta name="description" content="Say &quot;hi&quot; &lt;here&gt;">`,
    );
    expect(renderHeadTags({ origin, data: {} })).toContain(
      `<meta name="description" content="A community forum built with Parley.">`,
    );
  });

  it("links the page's RSS and Atom feeds, absolute, titled as the page", () => {
    const html = renderHeadTags({
      origin,
      data: { title: "News & Views", canonical: "/categories/news/p2?sort=-hot" },
    });
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="News &amp; Views - Parley" href="https://forum.example.com/categories/news/feed.rss">`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="News &amp; Views - Parley" href="https://forum.example.com/categories/news/feed.atom">`,
    );
  });

  it("links no feed from a page without one, a noindex page, or one that says so", () => {
    expect(renderHeadTags({ origin, data: { canonical: "/categories" } })).not.toContain("alternate");
    expect(renderHeadTags({ origin, data: { canonical: "/discussions/mine" } })).not.toContain("alternate");
    expect(renderHeadTags({ origin, data: { canonical: "/profile/account", noindex: true } })).not.toContain(
      "alternate",
    );
    expect(renderHeadTags({ origin, data: { canonical: "/profile/ann", feed: false } })).not.toContain("alternate");
    expect(renderHeadTags({ origin, data: { title: "Categories" } })).not.toContain("alternate");
  });

  it("marks noindex pages for robots", () => {
    expect(renderHeadTags({ origin, data: { noindex: true } })).toContain(`<meta name="robots" content="noindex">`);
    expect(renderHeadTags({ origin, data: {} })).not.toContain("robots");
  });

  it("embeds JSON-LD that cannot close its script element", () => {
    const item = { "@type": "DiscussionForumPosting", headline: "</script><script>alert(1)</script>" };
    const html = renderHeadTags({ origin, data: { jsonLd: [item] } });
    const scripts = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? "";
    expect(JSON.parse(json)).toEqual(item);
  });
});

describe("escapeJsonForScript", () => {
  it("never leaves </script> or <!-- and still parses to the same value", () => {
    const value = { text: "</script><!-- -->", lines: "a\u2028b\u2029c", tags: "<b>&</b>" };
    const escaped = escapeJsonForScript(JSON.stringify(value));
    expect(escaped.toLowerCase()).not.toContain("</script");
    expect(escaped).not.toContain("<!--");
    expect(escaped).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual(value);
  });

  it("catches a closing tag in any letter case", () => {
    const escaped = escapeJsonForScript(JSON.stringify({ text: "</SCRIPT >" }));
    expect(escaped.toLowerCase()).not.toContain("</script");
  });
});
