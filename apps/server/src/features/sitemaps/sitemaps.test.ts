import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits, type Category } from "@parley/contracts";
import { roleIDOfType, TEST_ORIGIN, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  makeMembersOnly,
  postComment,
  postDiscussion,
  whileHoldingNewMembers,
  type ContentFixture,
} from "../../test/content.ts";
import { expectConditionalGet } from "../../test/conditional.ts";
import { engines } from "../../test/databases.ts";
import { childrenNamed, onlyChild, parseStrictXml, textOf } from "../../test/xml.ts";

const cast = {
  ann: { name: "Ann Mapper", role: "member", bypassSpam: true },
  nia: { name: "Nia Newcomer", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

/** Small, so a handful of discussions fill several chunks. */
const CHUNK = 3;
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** W3C Datetime (www.w3.org/TR/NOTE-datetime) as the protocol asks: a date, or a date and time with a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

interface Listed {
  loc: string;
  lastmod: string | null;
}

/** sitemaps.org's rules for one list: its root and namespace, each entry's absolute `<loc>` on the site, its `<lastmod>`. */
function readList(xml: string, root: "urlset" | "sitemapindex", entry: "url" | "sitemap"): Listed[] {
  const document = parseStrictXml(xml);
  const element = onlyChild(document, root);
  expect(element.attribs["xmlns"]).toBe(NAMESPACE);
  const entries = childrenNamed(element, entry).map((item) => {
    const loc = textOf(onlyChild(item, "loc"));
    expect(loc.startsWith(`${TEST_ORIGIN}/`), loc).toBe(true);
    expect(new URL(loc).href).toBe(loc);
    expect(loc.length).toBeLessThan(2048);
    const lastmods = childrenNamed(item, "lastmod");
    expect(lastmods.length).toBeLessThanOrEqual(1);
    const lastmod = lastmods[0] ? textOf(lastmods[0]) : null;
    if (lastmod !== null) {
      expect(lastmod).toMatch(W3C_DATETIME);
      expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
    }
    return { loc, lastmod };
  });
  // The schema asks for one entry at least; the protocol for at most 50,000.
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.length).toBeLessThanOrEqual(limits.sitemaps.urls);
  expect(new Set(entries.map((item) => item.loc)).size).toBe(entries.length);
  return entries;
}

describe.each(engines)("sitemaps and robots.txt on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast, { sitemapChunkSize: CHUNK });
    // Help & Support (and its children) become members-only.
    await makeMembersOnly(f, f.category.help);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const get = (path: string, as: Session | null = null, headers: Record<string, string> = {}) =>
    f.api.get(path, { as, headers });
  const path = (loc: string) => loc.slice(TEST_ORIGIN.length);

  async function index(as: Session | null = null): Promise<Listed[]> {
    const response = await get("/sitemap.xml", as);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    return readList(response.body, "sitemapindex", "sitemap");
  }
  async function urls(loc: string, as: Session | null = null): Promise<Listed[]> {
    const response = await get(path(loc), as);
    expect(response.statusCode, `${loc}: ${response.body}`).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const listed = readList(response.body, "urlset", "url");
    // Chunked kinds hold at most the chunk size (here the test's, by default the protocol's 50,000).
    if (/\/sitemaps\/(?:discussions|profiles)\//.test(loc)) expect(listed.length).toBeLessThanOrEqual(CHUNK);
    return listed;
  }
  /** Every address every sitemap of the index lists. */
  async function everything(as: Session | null = null): Promise<string[]> {
    const lists = await Promise.all((await index(as)).map((sitemap) => urls(sitemap.loc, as)));
    return lists.flat().map((item) => item.loc);
  }
  const chunks = async (categoryID: number) =>
    (await index()).map((item) => item.loc).filter((loc) => loc.includes(`/sitemaps/discussions/${categoryID}/`));

  it("serves robots.txt: the forum allowed, private paths disallowed, the sitemap named on the site address", async () => {
    const response = await get("/robots.txt", null, { host: "evil.example" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = response.body.trimEnd().split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const disallowed of [
      "/search",
      "/entry/",
      "/drafts",
      "/messages",
      "/profile/notifications",
      "/profile/preferences",
      "/dashboard",
      "/api/",
      "/post/",
      "/discussions/bookmarked",
    ])
      expect(lines).toContain(`Disallow: ${disallowed}`);
    expect(lines.at(-1)).toBe(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(response.body).not.toContain("evil.example");
  });

  it("appends the administrator's lines (seo.robotsAdditions), which only site managers change", async () => {
    const additions = "Disallow: /old-forum/\r\n\r\nUser-agent: GreedyBot\nDisallow: /";
    expect(
      (await f.api.patch("/api/v2/config", { "seo.robotsAdditions": additions }, { as: f.as.ann })).statusCode,
    ).toBe(403);
    const saved = await f.api.patch("/api/v2/config", { "seo.robotsAdditions": additions }, { as: f.admin });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await f.api.patch(
      "/api/v2/config",
      { "seo.robotsAdditions": "Disallow: /\u0007" },
      { as: f.admin },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    try {
      const lines = (await get("/robots.txt")).body.trimEnd().split("\n");
      const at = lines.indexOf("Disallow: /old-forum/");
      expect(at).toBeGreaterThan(lines.indexOf("Disallow: /dashboard"));
      expect(lines.slice(at, at + 3)).toEqual(["Disallow: /old-forum/", "User-agent: GreedyBot", "Disallow: /"]);
      expect(lines.at(-1)).toBe(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    } finally {
      expect((await f.api.patch("/api/v2/config", { "seo.robotsAdditions": "" }, { as: f.admin })).statusCode).toBe(
        200,
      );
    }
    expect((await get("/robots.txt")).body).not.toContain("old-forum");
  });

  it("lists valid sitemaps only of what guests read, every index entry an existing sitemap, whoever asks", async () => {
    const open = await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Out in the open" });
    const secret = await postDiscussion(f.api, f.as.ann, {
      categoryID: f.category.installation,
      name: "Members-only musings",
    });
    const sitemaps = await index();
    expect(sitemaps.map((item) => item.loc)).toContain(`${TEST_ORIGIN}/sitemaps/categories.xml`);
    for (const as of [null, f.as.ann, f.admin]) {
      const listed = await everything(as);
      expect(listed).toContain(open.url);
      expect(listed).toContain(`${TEST_ORIGIN}/`);
      expect(listed).toContain(`${TEST_ORIGIN}/categories/general`);
      expect(listed).not.toContain(secret.url);
      expect(listed.some((loc) => loc.includes("/categories/help") || loc.includes("/categories/installation"))).toBe(
        false,
      );
    }
    // The private category has no sitemap, whoever asks.
    expect(await chunks(f.category.installation)).toEqual([]);
    for (const as of [null, f.as.ann, f.admin])
      expect((await get(`/sitemaps/discussions/${f.category.installation}/1.xml`, as)).statusCode).toBe(404);
    // A discussion's lastmod is its last activity; the category's chunk is dated by the newest.
    const general = (await chunks(f.category.general)).at(-1)!;
    const entry = (await urls(general)).find((item) => item.loc === open.url)!;
    expect(Date.parse(entry.lastmod!)).toBe(
      Math.floor(Date.parse(open.dateLastComment ?? open.dateInserted) / 1000) * 1000,
    );
  });

  it("never lists a held or a deleted discussion", async () => {
    await whileHoldingNewMembers(f, async () => {
      const held = await f.api.post(
        "/api/v2/discussions",
        { categoryID: f.category.general, name: "Held for a moderator", body: "Wait for me.", format: "markdown" },
        { as: f.as.nia },
      );
      expect(held.statusCode, held.body).toBe(202);
    });
    const doomed = await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Soon to be gone" });
    expect(await everything()).toContain(doomed.url);
    expect((await f.api.delete(`/api/v2/discussions/${doomed.discussionID}`, { as: f.admin })).statusCode).toBe(204);
    const listed = await everything();
    expect(listed).not.toContain(doomed.url);
    expect(listed.some((loc) => loc.includes("held-for-a-moderator"))).toBe(false);
  });

  it("splits a category's discussions into chunks, in id order, each listed by the index; others answer 404", async () => {
    const parent = await f.api.post("/api/v2/categories", { name: "Chunked", urlcode: "chunked" }, { as: f.admin });
    expect(parent.statusCode, parent.body).toBe(201);
    const categoryID = parent.json<Category>().categoryID;
    const posted: string[] = [];
    for (let index = 0; index < 2 * CHUNK + 1; index += 1)
      posted.push((await postDiscussion(f.api, f.admin, { categoryID, name: `Chunk item ${index}` })).url);

    const listed = await chunks(categoryID);
    expect(listed).toEqual([1, 2, 3].map((page) => `${TEST_ORIGIN}/sitemaps/discussions/${categoryID}/${page}.xml`));
    const pages = await Promise.all(listed.map((loc) => urls(loc)));
    expect(pages.map((page) => page.length)).toEqual([CHUNK, CHUNK, 1]);
    expect(pages.flat().map((item) => item.loc)).toEqual(posted);

    expect((await get(`/sitemaps/discussions/${categoryID}/4.xml`)).statusCode).toBe(404);
    expect((await get(`/sitemaps/discussions/${categoryID}/0.xml`)).statusCode).toBe(404);
    expect((await get(`/sitemaps/discussions/${categoryID}/first.xml`)).statusCode).toBe(404);
    expect((await get("/sitemaps/discussions/999999/1.xml")).statusCode).toBe(404);
    // A category with no discussion has no chunk.
    const empty = await f.api.post("/api/v2/categories", { name: "Empty", urlcode: "empty-one" }, { as: f.admin });
    expect((await get(`/sitemaps/discussions/${empty.json<Category>().categoryID}/1.xml`)).statusCode).toBe(404);
    expect((await urls(`${TEST_ORIGIN}/sitemaps/categories.xml`)).map((item) => item.loc)).toContain(
      `${TEST_ORIGIN}/categories/empty-one`,
    );
  });

  it("answers a repeated conditional request with 304, and shows a new discussion right after it is posted", async () => {
    const category = await f.api.post("/api/v2/categories", { name: "Fresh", urlcode: "fresh" }, { as: f.admin });
    const categoryID = category.json<Category>().categoryID;
    await postDiscussion(f.api, f.admin, { categoryID, name: "First of its kind" });
    for (const url of ["/sitemap.xml", `/sitemaps/discussions/${categoryID}/1.xml`]) {
      await expectConditionalGet(f.api, url, "public, max-age=3600", f.as.ann);
    }

    const before = await get(`/sitemaps/discussions/${categoryID}/1.xml`);
    f.t.clock.advance(2_000);
    const fresh = await postDiscussion(f.api, f.admin, { categoryID, name: "Second of its kind" });
    const after = await get(`/sitemaps/discussions/${categoryID}/1.xml`, null, {
      "if-none-match": String(before.headers["etag"]),
    });
    expect(after.statusCode).toBe(200);
    expect(readList(after.body, "urlset", "url").map((item) => item.loc)).toContain(fresh.url);
    // Renamed: the next sitemap names its new address.
    const renamed = await f.api.patch(
      `/api/v2/discussions/${fresh.discussionID}`,
      { name: "Renamed of its kind" },
      { as: f.admin },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const listed = (await urls(`${TEST_ORIGIN}/sitemaps/discussions/${categoryID}/1.xml`)).map((item) => item.loc);
    expect(listed).toContain(`${TEST_ORIGIN}/discussion/${fresh.discussionID}/renamed-of-its-kind`);
    expect(listed).not.toContain(fresh.url);
  });

  it("dates a commented discussion anew within a minute, making a busy category's chunk at most once a minute", async () => {
    const category = await f.api.post("/api/v2/categories", { name: "Busy", urlcode: "busy" }, { as: f.admin });
    const categoryID = category.json<Category>().categoryID;
    const busy = await postDiscussion(f.api, f.admin, { categoryID, name: "Much discussed" });
    const chunk = `/sitemaps/discussions/${categoryID}/1.xml`;
    const lastmodOf = async () => (await urls(`${TEST_ORIGIN}${chunk}`)).find((item) => item.loc === busy.url)!.lastmod;
    const before = await get(chunk);
    const first = await lastmodOf();
    f.t.clock.advance(5_000);
    const comment = await postComment(f.api, f.admin, busy.discussionID, "A reply that moves the lastmod.");
    // Right after the comment the kept chunk is still answered: the same document, 304 to its validator.
    const again = await get(chunk, null, { "if-none-match": String(before.headers["etag"]) });
    expect(again.statusCode).toBe(304);
    // A minute on, the chunk is made again and dates the discussion by the comment.
    f.t.clock.advance(61_000);
    const dated = await lastmodOf();
    expect(dated).not.toBe(first);
    expect(Date.parse(dated!)).toBe(Math.floor(Date.parse(comment.dateInserted) / 1000) * 1000);
  });

  it("lists published knowledge-base articles, public groups and public profiles", async () => {
    const base = await f.api.post(
      "/api/v2/knowledge-bases",
      { name: "Handbook", description: "How things work.", urlCode: "handbook", viewType: "help" },
      { as: f.admin },
    );
    expect(base.statusCode, base.body).toBe(201);
    const article = await f.api.post(
      "/api/v2/articles",
      {
        knowledgeCategoryID: base.json<{ rootCategoryID: number }>().rootCategoryID,
        name: "Getting started",
        body: "Start here.",
        format: "markdown",
      },
      { as: f.admin },
    );
    expect(article.statusCode, article.body).toBe(201);
    const group = await f.api.post(
      "/api/v2/groups",
      { name: "Open Circle", description: "Anyone may read.", privacy: "public" },
      { as: f.as.ann },
    );
    expect(group.statusCode, group.body).toBe(201);
    const hidden = await f.api.post(
      "/api/v2/groups",
      { name: "Closed Circle", description: "Members only.", privacy: "private" },
      { as: f.as.ann },
    );
    expect(hidden.statusCode, hidden.body).toBe(201);

    const sitemaps = (await index()).map((item) => item.loc);
    expect(sitemaps).toContain(`${TEST_ORIGIN}/sitemaps/articles.xml`);
    expect(sitemaps).toContain(`${TEST_ORIGIN}/sitemaps/groups.xml`);
    expect(sitemaps).toContain(`${TEST_ORIGIN}/sitemaps/profiles/1.xml`);
    const listed = await everything();
    expect(listed).toContain(article.json<{ url: string }>().url);
    expect(listed).toContain(group.json<{ url: string }>().url);
    expect(listed).not.toContain(hidden.json<{ url: string }>().url);
    expect(listed).toContain(`${TEST_ORIGIN}/profile/Ann%20Mapper`);

    // A private profile is left out.
    const privately = await f.api.patch(`/api/v2/users/${f.users.nia.userID}`, { private: true }, { as: f.admin });
    expect(privately.statusCode, privately.body).toBe(200);
    const profiles = (await index()).map((item) => item.loc).filter((loc) => loc.includes("/sitemaps/profiles/"));
    const people = (await Promise.all(profiles.map((loc) => urls(loc)))).flat().map((item) => item.loc);
    expect(people).toContain(`${TEST_ORIGIN}/profile/Ann%20Mapper`);
    expect(people).not.toContain(`${TEST_ORIGIN}/profile/Nia%20Newcomer`);
  });

  it("keeps every crawler out of a forum guests cannot read, and has no sitemap there", async () => {
    const guestRole = await roleIDOfType(f.t.database.db, "guest");
    const set = (view: boolean) =>
      f.api.patch(
        `/api/v2/roles/${guestRole}`,
        { permissions: [{ type: "global", permissions: { "discussions.view": view } }] },
        { as: f.admin },
      );
    expect((await set(false)).statusCode).toBe(200);
    try {
      expect((await get("/api/v2/discussions")).json<unknown[]>()).toEqual([]);
      const robots = await get("/robots.txt");
      expect(robots.body).toBe("User-agent: *\nDisallow: /\n");
      expect((await get("/sitemap.xml")).statusCode).toBe(404);
      expect((await get("/sitemaps/categories.xml")).statusCode).toBe(404);
      expect((await get(`/sitemaps/discussions/${f.category.general}/1.xml`)).statusCode).toBe(404);
    } finally {
      expect((await set(true)).statusCode).toBe(200);
    }
    expect((await get("/sitemap.xml")).statusCode).toBe(200);
  });
});
