import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../test/app.ts";
import { createApi, createUser, seededAdmin, TEST_ORIGIN } from "../../test/accounts.ts";
import { createPagesTestApp } from "../../test/pages.ts";
import { engines } from "../../test/databases.ts";

/** The server-rendered pages name their feeds in <head>, and each named feed answers. */
describe.each(engines)("feed links in the pages' head on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "forum.test" } });
  /** The alternate links in the page's <head>: `{type, href}` each. */
  async function alternates(url: string) {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    return [...head.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]*" href="([^"]+)">/g)].map(
      ([, type, href]) => ({ type, href }),
    );
  }

  it.each([
    ["/", "/discussions/feed"],
    ["/discussions", "/discussions/feed"],
    ["/categories/general", "/categories/general/feed"],
    ["/discussions/tagged/rules", "/discussions/tagged/rules/feed"],
    ["/profile/admin", "/profile/admin/feed"],
  ])("%s links %s as RSS and Atom, and both answer", async (page, feed) => {
    expect(await alternates(page)).toEqual([
      { type: "application/rss+xml", href: `${TEST_ORIGIN}${feed}.rss` },
      { type: "application/atom+xml", href: `${TEST_ORIGIN}${feed}.atom` },
    ]);
    for (const format of ["rss", "atom"]) {
      const answer = await get(`${feed}.${format}`);
      expect(answer.statusCode, `${feed}.${format}`).toBe(200);
      expect(answer.headers["content-type"]).toBe(`application/${format}+xml; charset=utf-8`);
    }
  });

  it("links a discussion's comments feed, at its own address", async () => {
    const [rss] = await alternates("/discussion/1");
    expect(rss?.href).toMatch(new RegExp(`^${TEST_ORIGIN}/discussion/1/[^/]+/feed\\.rss$`));
    expect((await get(new URL(rss?.href ?? "").pathname)).statusCode).toBe(200);
  });

  it("links no feed from a private profile, whose feed is a 404", async () => {
    const api = createApi(t.app);
    const pat = await createUser(t.database.db, { name: "Private Pat", role: "member" });
    const made = await api.patch(
      `/api/v2/users/${pat.userID}`,
      { private: true },
      { as: await api.signIn(seededAdmin) },
    );
    expect(made.statusCode, made.body).toBe(200);
    expect(await alternates("/profile/Private%20Pat")).toEqual([]);
    expect((await get("/profile/Private%20Pat/feed.rss")).statusCode).toBe(404);
  });

  it("links no feed from the categories list or a sign-in page", async () => {
    expect(await alternates("/categories")).toEqual([]);
    expect(await alternates("/entry/signin")).toEqual([]);
  });
});
