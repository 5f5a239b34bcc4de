import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "@parley/contracts";
import { createApi, seededAdmin, type Session } from "../../test/accounts.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/** A reader's browser (a crawler's searches are not counted). */
const browser = { host: "forum.test", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) guest-caches-test" };

/** Guests' searches that found nothing are counted whether or not the guests' caches answer them (issue 40). */
describe.each(engines)("guests' searches behind the guests' caches on %s", (engine) => {
  let t: TestApp;
  let admin: Session;
  let api: ReturnType<typeof createApi>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000, guestApiCacheTtlMs: 60_000 });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: browser });
  const withoutResults = async () => {
    await t.app.flushAnalytics();
    const response = await api.get(`/api/v2/analytics/summary?from=${today}&to=${today}`, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries(
      response.json<AnalyticsSummary>().searchesWithoutResults.map((row) => [row.query, row.count]),
    );
  };

  it("counts a guest's API search answered from the guests' answer cache, with the total it gave", async () => {
    const first = await get("/api/v2/search?query=quokka%20tea");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["x-parley-cache"]).toBeUndefined();
    const again = await get("/api/v2/search?query=quokka%20tea");
    expect(again.headers["x-parley-cache"]).toBe("hit");
    expect(again.json()).toEqual([]);
    // A search that found something, answered from the cache too, is no search without results.
    const found = "/api/v2/search?query=welcome";
    expect(Number((await get(found)).headers["x-app-page-result-count"])).toBeGreaterThan(0);
    expect((await get(found)).headers["x-parley-cache"]).toBe("hit");
    // Only a first page is a search (the next pages are the same search read on).
    expect((await get("/api/v2/search?query=quokka%20tea&page=2")).statusCode).toBe(200);
    expect((await get("/api/v2/search?query=quokka%20tea&page=2")).headers["x-parley-cache"]).toBe("hit");

    const counted = await withoutResults();
    expect(counted["quokka tea"]).toBe(2);
    expect(counted["welcome"]).toBeUndefined();
  });

  it("renders a guest's search results page every time (not from the guests' page cache), so each is counted", async () => {
    const page = "/search?query=wombat%20jam";
    for (let round = 0; round < 2; round++) {
      const response = await get(page);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers["x-parley-cache"]).toBeUndefined();
      expect(response.body).toContain("wombat jam");
    }
    // Other reading pages are still kept for guests.
    expect((await get("/categories")).headers["x-parley-cache"]).toBe("miss");
    expect((await get("/categories")).headers["x-parley-cache"]).toBe("hit");

    expect((await withoutResults())["wombat jam"]).toBe(2);
  });
});
