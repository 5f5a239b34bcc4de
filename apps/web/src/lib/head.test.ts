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

  it("links a moderator's absolute canonical address instead, the page's feeds kept", () => {
    const html = renderHeadTags({
      origin,
      data: { canonical: "/discussion/7/copied", canonicalUrl: "https://original.example/t/42?a=1&b=2" },
    });
    expect(html).toContain(`<link rel="canonical" href="https://original.example/t/42?a=1&amp;b=2">`);
    expect(html).toContain(`<meta property="og:url" content="https://original.example/t/42?a=1&amp;b=2">`);
    expect(html).toContain("https://forum.example.com/discussion/7/copied/feed.rss");
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

describe("renderHeadTags: link previews, trails and paging (issue 32)", () => {
  /** Every `<meta property|name="key" content="…">` of the head, unescaped as a browser reads it. */
  const metaOf = (html: string): Record<string, string | null | undefined> => {
    const document = new DOMParser().parseFromString(`<head>${html}</head>`, "text/html");
    return Object.fromEntries(
      [...document.head.querySelectorAll("meta[property], meta[name]")].map((meta) => [
        meta.getAttribute("property") ?? meta.getAttribute("name") ?? "",
        meta.getAttribute("content"),
      ]),
    );
  };
  const jsonLdOf = (html: string) =>
    [...new DOMParser().parseFromString(`<head>${html}</head>`, "text/html").querySelectorAll("script")].map(
      (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
    );

  it("describes a discussion for link previews: its title, description, address, type and first image", () => {
    const html = renderHeadTags({
      origin,
      data: {
        title: "Pruning roses",
        description: "When and how.",
        canonical: "/discussion/7/pruning-roses",
        type: "article",
        imageFrom: `<p>Look:</p><img alt="" src="/uploads/rose.jpg"><img src="https://cdn.example.com/second.png">`,
      },
    });
    expect(metaOf(html)).toMatchObject({
      "og:site_name": "Parley",
      "og:type": "article",
      "og:title": "Pruning roses",
      "og:description": "When and how.",
      "og:url": "https://forum.example.com/discussion/7/pruning-roses",
      "og:image": "https://forum.example.com/uploads/rose.jpg",
      "twitter:card": "summary_large_image",
      "twitter:image": "https://forum.example.com/uploads/rose.jpg",
    });
  });

  it("falls back to the site's share image, then to a summary card without any", () => {
    const shareImage = "https://forum.example.com/share.png";
    expect(metaOf(renderHeadTags({ origin, data: { title: "Categories" }, shareImage }))).toMatchObject({
      "og:type": "website",
      "og:image": "https://forum.example.com/share.png",
      "twitter:card": "summary_large_image",
    });
    const plain = metaOf(renderHeadTags({ origin, data: { title: "Categories", imageFrom: "<p>No picture.</p>" } }));
    expect(plain["twitter:card"]).toBe("summary");
    expect(plain["og:image"]).toBeUndefined();
  });

  it("takes images from http(s) only", () => {
    for (const src of ["javascript:alert(1)", "data:image/png;base64,AAAA", "ftp://example.com/a.png"]) {
      const meta = metaOf(renderHeadTags({ origin, data: { imageFrom: `<img src="${src}">` }, shareImage: src }));
      expect(meta["og:image"], src).toBeUndefined();
      expect(meta["twitter:card"]).toBe("summary");
    }
  });

  it("lets no title, description or image address break out of its attribute or the head", () => {
    const title = `Quote " and </title><script>alert(1)</script>`;
    const html = renderHeadTags({
      origin,
      data: {
        title,
        description: `"><meta name="robots" content="none">`,
        imageFrom: `<img src="https://cdn.example.com/a.png?&quot;><script>x</script>">`,
      },
    });
    expect(html).not.toMatch(/<script>|<meta name="robots"/);
    expect(new DOMParser().parseFromString(`<head>${html}</head>`, "text/html").querySelector("script")).toBeNull();
    const meta = metaOf(html);
    expect(meta["og:title"]).toBe(title);
    expect(meta["twitter:title"]).toBe(title);
    expect(meta["og:description"]).toBe(`"><meta name="robots" content="none">`);
    expect(meta["og:image"]).toBe("https://cdn.example.com/a.png?%22%3E%3Cscript%3Ex%3C/script%3E");
    expect(meta["robots"]).toBeUndefined();
  });

  it("writes the breadcrumb trail as a BreadcrumbList, at the site's origin, escaped inside its script", () => {
    const html = renderHeadTags({
      origin,
      data: { title: "News", canonical: "/categories/news" },
      trail: {
        crumbs: [
          { name: "Home", url: "/" },
          { name: "</script><script>alert(1)</script>", url: "http://internal:3000/categories" },
        ],
        current: "News",
      },
    });
    expect(html.toLowerCase().split("</script>")).toHaveLength(2);
    expect(jsonLdOf(html)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: "https://forum.example.com/" },
          {
            "@type": "ListItem",
            position: 2,
            name: "</script><script>alert(1)</script>",
            item: "https://forum.example.com/categories",
          },
          { "@type": "ListItem", position: 3, name: "News", item: "https://forum.example.com/categories/news" },
        ],
      },
    ]);
  });

  it("links a paged list's previous and next pages, absolute; a noindex page neither, nor its trail", () => {
    const pages = { prev: "/categories/news", next: "/categories/news/p3" };
    const html = renderHeadTags({ origin, data: { canonical: "/categories/news/p2" }, pages });
    expect(html).toContain(`<link rel="prev" href="https://forum.example.com/categories/news">`);
    expect(html).toContain(`<link rel="next" href="https://forum.example.com/categories/news/p3">`);
    const hidden = renderHeadTags({
      origin,
      data: { canonical: "/search", noindex: true },
      pages,
      trail: { crumbs: [{ name: "Home", url: "/" }] },
    });
    expect(hidden).not.toMatch(/rel="(prev|next)"|BreadcrumbList/);
  });

  it("links feeds from guests' pages only (a member's page may be one no guest reads)", () => {
    expect(renderHeadTags({ origin, data: { canonical: "/categories/staff" }, guest: false })).not.toContain(
      "alternate",
    );
    expect(renderHeadTags({ origin, data: { canonical: "/categories/staff" }, guest: true })).toContain("alternate");
  });
});
