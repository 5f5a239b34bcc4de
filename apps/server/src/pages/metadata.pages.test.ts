import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../test/app.ts";
import { createApi, seededAdmin, TEST_ORIGIN, type Session } from "../test/accounts.ts";
import { postDiscussion } from "../test/content.ts";
import { createPagesTestApp } from "../test/pages.ts";
import { engines } from "../test/databases.ts";
import { limits } from "@parley/contracts";

/** What a server-rendered page's <head> says to link previews and search engines (issue 32). */
interface Head {
  meta: Record<string, string>;
  links: Array<{ rel: string; href: string }>;
  jsonLd: Array<Record<string, unknown>>;
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    meta: Object.fromEntries(
      [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map(([, key, value]) => [
        key!,
        unescape(value!),
      ]),
    ),
    links: [...head.matchAll(/<link rel="(prev|next|canonical|alternate)"[^>]* href="([^"]+)">/g)].map(
      ([, rel, href]) => ({ rel: rel!, href: unescape(href!) }),
    ),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    ),
  };
}

describe.each(engines)("the pages' social and search metadata on %s", (engine) => {
  let t: TestApp;
  let admin: Session;
  let general: number;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    const api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    general = (await api.get("/api/v2/categories/$urlcode:general")).json<{ categoryID: number }>().categoryID;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function page(url: string, status = 200): Promise<Head> {
    const response = await t.app.inject({ method: "GET", url, headers: { host: "forum.test" } });
    expect(response.statusCode, url).toBe(status);
    return headOf(response.body);
  }
  const typeOf = (head: Head, type: string) => head.jsonLd.find((item) => item["@type"] === type);

  it("describes a discussion: Open Graph and Twitter Card from its title, excerpt and first image; its trail", async () => {
    const posted = await postDiscussion(createApi(t.app), admin, {
      name: `Roses "in" & winter`,
      body: "How to keep them.\n\n![A rose](/uploads/rose.jpg)\n\n![Another](https://cdn.example.com/other.png)",
      categoryID: general,
    });
    const head = await page(new URL(posted.url).pathname);
    expect(head.meta).toMatchObject({
      "og:type": "article",
      "og:title": `Roses "in" & winter`,
      "og:site_name": "Parley",
      "og:url": `${TEST_ORIGIN}${new URL(posted.url).pathname}`,
      "og:image": `${TEST_ORIGIN}/uploads/rose.jpg`,
      "twitter:card": "summary_large_image",
      "twitter:title": `Roses "in" & winter`,
    });
    expect(head.meta["og:description"]).toContain("How to keep them.");
    expect(head.meta["robots"]).toBeUndefined();
    expect(typeOf(head, "DiscussionForumPosting")).toMatchObject({ headline: `Roses "in" & winter` });
    expect(typeOf(head, "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { position: 1, item: `${TEST_ORIGIN}/` },
        { position: 2, name: "General Discussion", item: `${TEST_ORIGIN}/categories/general` },
      ],
    });
  });

  it("describes a profile as a ProfilePage about a Person", async () => {
    const head = await page("/profile/admin");
    expect(head.meta).toMatchObject({ "og:type": "profile", "og:title": "admin", "twitter:card": "summary" });
    const profile = typeOf(head, "ProfilePage");
    expect(profile).toMatchObject({ mainEntity: { "@type": "Person", name: "admin" } });
    const person = profile?.["mainEntity"] as Record<string, string>;
    expect(person["url"]).toMatch(/\/profile\/admin$/);
    expect(person["image"]).toMatch(/^https?:\/\//);
    expect(Date.parse(person["dateCreated"] ?? "")).not.toBeNaN();
  });

  it("links a category's second page to its neighbours, and gives it a trail", async () => {
    const api = createApi(t.app);
    // More than two pages, whatever the demo holds.
    for (let n = 0; n <= limits.pager.defaultPageLimit * 2; n++) {
      await postDiscussion(api, admin, { name: `Filler ${n}`, categoryID: general });
    }
    const head = await page("/categories/general/p2");
    expect(head.links).toEqual(
      expect.arrayContaining([
        { rel: "canonical", href: `${TEST_ORIGIN}/categories/general/p2` },
        { rel: "prev", href: `${TEST_ORIGIN}/categories/general` },
        { rel: "next", href: `${TEST_ORIGIN}/categories/general/p3` },
      ]),
    );
    expect(head.meta).toMatchObject({ "og:type": "website", "og:url": `${TEST_ORIGIN}/categories/general/p2` });
    expect(typeOf(head, "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { position: 1, item: `${TEST_ORIGIN}/` },
        { position: 2, item: `${TEST_ORIGIN}/categories` },
        { position: 3, name: "General Discussion", item: `${TEST_ORIGIN}/categories/general/p2` },
      ],
    });
    // The first page has a next one and no previous one.
    const first = await page("/categories/general");
    expect(first.links.filter((link) => link.rel === "prev")).toEqual([]);
    expect(first.links).toContainEqual({ rel: "next", href: `${TEST_ORIGIN}/categories/general/p2` });
  });

  it("keeps search results, sorted variants and members' own lists out of the index, with no feed or paging", async () => {
    for (const url of ["/search?query=roses", "/categories/general?sort=-dateInserted", "/discussions/unanswered"]) {
      const head = await page(url);
      expect(head.meta["robots"], url).toBe("noindex");
      expect(
        head.links.filter((link) => link.rel !== "canonical"),
        url,
      ).toEqual([]);
    }
    expect((await page("/discussions")).meta["robots"]).toBeUndefined();
  });

  it("uses the site's share image where a page has none, and only an http(s) one", async () => {
    const api = createApi(t.app);
    const set = (value: string) => api.patch("/api/v2/config", { "garden.shareImage": value }, { as: admin });
    expect((await set("/share.png")).statusCode).toBe(200);
    expect((await page("/categories")).meta).toMatchObject({
      "og:image": `${TEST_ORIGIN}/share.png`,
      "twitter:card": "summary_large_image",
    });
    // Only an image's address is taken: a javascript: or data: value is refused, and the image stays.
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.png"]) {
      const refused = await set(bad);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain("garden.shareImage is an image's address");
    }
    expect((await page("/categories")).meta["og:image"]).toBe(`${TEST_ORIGIN}/share.png`);
    expect((await set("https://cdn.example/share.png")).statusCode).toBe(200);
    expect((await page("/categories")).meta["og:image"]).toBe("https://cdn.example/share.png");
    expect((await set("")).statusCode).toBe(200);
    expect((await page("/categories")).meta["og:image"]).toBeUndefined();
  });
});
