import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { build } from "../../../../scripts/build.mjs";
import { buildApp } from "../app.ts";
import { createAdmin } from "../db/seed/admin.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { createApi, seededAdmin } from "../test/accounts.ts";
import { testConfig } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { loadBuiltWeb } from "./renderer.ts";

const webDistDir = path.resolve(import.meta.dirname, "../../../web/dist");

describe("guest page cache", () => {
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    await build({ ifNeeded: true, quiet: true });
    database = await createTestDatabase("sqlite");
    await seedDemo(database.db, await createAdmin(database.db, "test-password"));
    const web = await loadBuiltWeb(webDistDir);
    app = await buildApp({
      config: testConfig(database.dataDir),
      database,
      pages: {
        renderer: async () => web.renderer,
        assets: async () => web.assets,
        clientDir: web.clientDir,
        guestCacheTtlMs: 60_000,
      },
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { host: "forum.test", ...headers } });

  it("serves a guest's second visit of a page from the cache, with the same content", async () => {
    const first = await page("/discussions");
    const second = await page("/discussions");
    expect(first.headers["x-parley-cache"]).toBe("miss");
    expect(second.headers["x-parley-cache"]).toBe("hit");
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect((await page("/no-such-page")).statusCode).toBe(404);
    const notFound = await page("/no-such-page");
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers["x-parley-cache"]).toBe("hit");
  });

  it("keeps guests' pages apart by the locale of their Accept-Language: a French page never goes to an English guest", async () => {
    const french = await page("/categories", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect(french.headers["x-parley-cache"]).toBe("miss");
    expect(french.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(french.body).toContain("Propulsé par Parley");
    const english = await page("/categories", { "accept-language": "en-GB,en;q=0.8" });
    expect(english.headers["x-parley-cache"]).toBe("miss");
    expect(english.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(english.body).toContain("Powered by Parley");
    // A language without an interface pack is English, and shares English's cached page.
    const spanish = await page("/categories", { "accept-language": "es" });
    expect(spanish.headers["x-parley-cache"]).toBe("hit");
    expect(spanish.body).toBe(english.body);
    const frenchAgain = await page("/categories", { "accept-language": "fr" });
    expect(frenchAgain.headers["x-parley-cache"]).toBe("hit");
    expect(frenchAgain.body).toBe(french.body);
    expect(frenchAgain.headers.vary).toMatch(/Accept-Language/);
  });

  it("sets the locale cookie from the picker's form and goes back to the page (GET /locale)", async () => {
    const chosen = await page("/locale?locale=de&target=%2Fcategories%3Fx%3D1");
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe("/categories?x=1");
    expect(String(chosen.headers["set-cookie"])).toMatch(
      /^parley-content-locale=de; Max-Age=31536000; Path=\/; SameSite=Lax/,
    );
    const german = await page("/categories", { cookie: "parley-content-locale=de" });
    expect(german.body).toMatch(/<html lang="de">/);
    expect(german.headers["x-parley-cache"]).toBeUndefined();
    // Neither an unknown locale nor the pseudo-locale (off here) is set; an outside target goes home.
    for (const locale of ["xx", "ar-XB"])
      expect((await page(`/locale?locale=${locale}`)).headers["set-cookie"]).toBeUndefined();
    expect((await page("/locale?locale=fr&target=https://evil.test/")).headers.location).toBe("/");
    const pseudo = await page("/discussions", { cookie: "parley-content-locale=ar-XB" });
    expect(pseudo.body).toMatch(/<html lang="en">/);
  });

  it("never caches a request that carries cookies (a member's page)", async () => {
    await page("/categories");
    const member = await page("/categories", { cookie: "parley_session=whatever" });
    expect(member.headers["x-parley-cache"]).toBeUndefined();
  });

  it("drops cached pages when content changes", async () => {
    await page("/discussions");
    expect((await page("/discussions")).headers["x-parley-cache"]).toBe("hit");
    await app.platform.events.emit("discussion.created", {
      discussionID: 1,
      categoryID: 1,
      insertUserID: 1,
      actorUserID: 1,
    });
    expect((await page("/discussions")).headers["x-parley-cache"]).toBe("miss");
  });

  it("shows changed site settings at once: title and navigation (PATCH /config)", async () => {
    const before = await page("/discussions");
    expect(before.body).toContain("<title>Recent Discussions - Parley</title>");
    expect((await page("/discussions")).headers["x-parley-cache"]).toBe("hit");
    const api = createApi(app);
    const admin = await api.signIn({ name: seededAdmin.name, password: "test-password" });
    const navigation = JSON.stringify([{ name: "Garden Help", url: "/categories/help" }]);
    const patched = await api.patch(
      "/api/v2/config",
      { "garden.title": "Gardeners", "navigation.items": navigation },
      { as: admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await page("/discussions");
    expect(after.headers["x-parley-cache"]).toBe("miss");
    expect(after.body).toContain("<title>Recent Discussions - Gardeners</title>");
    expect(after.body).toContain("Garden Help");
  });
});
