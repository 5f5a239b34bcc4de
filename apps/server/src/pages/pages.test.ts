import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";
import type { TestApp } from "../test/app.ts";
import type { FastifyInstance } from "fastify";

describe.each(engines)("server-rendered pages on %s", (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    app = t.app;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string) => app.inject({ method: "GET", url, headers: { host: "forum.test" } });

  it("lets the host page frame the pages once embedding is allowed, and serves it the embed script", async () => {
    const framing = (response: { headers: Record<string, unknown> }) => ({
      ancestors: /frame-ancestors ([^;]*)/.exec(String(response.headers["content-security-policy"]))?.[1],
      xFrameOptions: response.headers["x-frame-options"],
    });
    expect(framing(await page("/categories"))).toEqual({ ancestors: "'self'", xFrameOptions: "SAMEORIGIN" });
    const config = app.platform.siteConfig;
    // An address alone frames nothing: embedding must be allowed too.
    await config.setMany({ "embed.remoteUrl": "https://www.example.com/community" });
    expect(framing(await page("/categories"))).toEqual({ ancestors: "'self'", xFrameOptions: "SAMEORIGIN" });
    await config.setMany({ "embed.enabled": true });
    try {
      expect(framing(await page("/categories"))).toEqual({
        ancestors: "'self' https://www.example.com",
        xFrameOptions: undefined,
      });
      expect(framing(await page("/no-such-page"))).toMatchObject({ ancestors: "'self' https://www.example.com" });
      // API answers are not pages: never framed.
      expect(framing(await page("/api/v2/categories"))).toMatchObject({ xFrameOptions: "SAMEORIGIN" });
    } finally {
      await config.setMany({ "embed.enabled": false, "embed.remoteUrl": "" });
    }
    expect(framing(await page("/categories"))).toEqual({ ancestors: "'self'", xFrameOptions: "SAMEORIGIN" });

    const redirect = await page("/api/v2/assets/embed-script");
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/embed.js");
    const script = await page("/embed.js");
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    // Host pages are other origins: the script must be readable across them.
    expect(script.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(script.body).toContain("customElements.define(name");
  });

  it("renders /categories with its content, head and hydration state in the first response", async () => {
    const response = await page("/categories");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<title>Categories - Parley</title>");
    expect(html).toContain('<link rel="canonical" href="http://forum.test/categories">');
    for (const name of ["Announcements", "General Discussion", "Help &amp; Support", "Installation", "Off Topic"]) {
      expect(html).toContain(name);
    }
    expect(html).toMatch(/<div id="app">.*<h1[^>]*>Categories<\/h1>/s);
    expect(html).toContain('<div id="modals"></div>');
    const state = /<script id="__PARLEY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(state).toBeDefined();
    const parsed = JSON.parse(state!) as { queries: { queries: Array<{ queryKey: unknown[] }> } };
    expect(parsed.queries.queries.map((query) => query.queryKey[0])).toContain("categories");
    // A guest's reading page loads only the boot script; it loads the app (named here) at the first intent.
    expect(html).toMatch(
      /<script type="module" src="\/assets\/boot-[\w-]+\.js" data-parley-app="\/assets\/main-[\w-]+\.js"><\/script>/,
    );
    expect(html).not.toMatch(/<script type="module" src="\/assets\/main-/);
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    // Helmet's other headers, the same on every response.
    expect(response.headers).toMatchObject({
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
  });

  it("renders a category page by its urlcode", async () => {
    const response = await page("/categories/help");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Help &amp; Support - Parley</title>");
    expect(response.body).toContain('href="/categories/installation"');
    expect(response.body).toContain('href="/categories/troubleshooting"');
  });

  it("answers unknown pages with the not-found page and 404", async () => {
    const response = await page("/no-such-page");
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page Not Found");
    expect(response.body).toContain("The page you were looking for could not be found.");
    expect(response.body).toContain("Back to home page");
    // Other pages than reading ones hydrate at load.
    expect(response.body).toMatch(/<script type="module" src="\/assets\/main-[\w-]+\.js"><\/script>/);
    expect(response.body).not.toContain("data-parley-app");
    const category = await page("/categories/no-such-category");
    expect(category.statusCode).toBe(404);
    expect(category.body).toContain("Category Not Found");
    expect(category.body).toContain("The category you were looking for could not be found.");
    expect((await page("/categories/help/p2")).statusCode).toBe(404);
    expect((await page("/categories/help/x")).statusCode).toBe(404);
  });

  it("serves the hashed client assets with long-lived caching", async () => {
    const html = (await page("/categories")).body;
    const boot = /src="(\/assets\/boot-[\w-]+\.js)"/.exec(html)?.[1];
    const app = /data-parley-app="(\/assets\/main-[\w-]+\.js)"/.exec(html)?.[1];
    expect([boot, app].every(Boolean)).toBe(true);
    for (const script of [boot!, app!]) {
      const response = await page(script);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("javascript");
      expect(response.headers["cache-control"]).toContain("immutable");
    }
  });

  it("keeps the API's JSON 404 next to the pages' catch-all", async () => {
    const response = await page("/api/v2/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404 });
  });
});
