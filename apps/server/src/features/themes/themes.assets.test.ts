import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { limits, ThemeScriptsAsset, ThemeTextAsset, type Theme } from "@parley/contracts";
import { createApi, createUser, seededAdmin, type Api, type Session } from "../../test/accounts.ts";
import { expectSchema } from "../../test/content.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/*
 * A theme's header, footer, styles, JavaScript and scripts (issue 36): saved with a revision, the HTML sanitised,
 * read by whom Vanilla lets read them, and put in every page (scripts only with `themes.allowCustomScripts`).
 */
describe.each(engines)("a theme's assets on %s", (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let api: Api;
  let admin: Session;
  let member: Session;
  let themeID: string;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    app = t.app;
    api = createApi(app);
    admin = await api.signIn(seededAdmin);
    member = await api.signIn(await createUser(t.database.db, { name: "Asset Reader", role: "member" }));
    const created = await api.post(
      "/api/v2/themes",
      { name: "Branded", parentTheme: "theme-foundation" },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    themeID = created.json<Theme>().themeID;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const patch = (body: unknown, as: Session | null = admin) => api.patch(`/api/v2/themes/${themeID}`, body, { as });
  const page = (url = "/", cookie?: string) =>
    app.inject({ method: "GET", url, headers: { host: "forum.test", ...(cookie ? { cookie } : {}) } });
  const setScripts = (on: boolean) => api.patch("/api/v2/config", { "themes.allowCustomScripts": on }, { as: admin });

  it("saves the assets as a new revision, the header and footer sanitised, the others kept when left out", async () => {
    const before = (await api.get(`/api/v2/themes/${themeID}`, { as: admin })).json<Theme>().revisionID;
    const response = await patch({
      assets: {
        header: {
          data: '<p onclick="steal()">Welcome <a href="javascript:alert(1)">in</a></p><script>alert(1)</script>',
        },
        footer: { data: "<p>Footer <strong>text</strong></p><style>body{display:none}</style>" },
        styles: { data: "#theme-header p { color: rgb(200, 0, 0); }" },
        javascript: { data: "console.log('theme');" },
        scripts: { data: [{ url: "https://cdn.example/widget.js" }] },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const theme = response.json<Theme>();
    expect(theme.revisionID).not.toBe(before);
    expect(theme.assets.header.data).toBe("<p>Welcome <a>in</a></p>");
    expect(theme.assets.footer.data).toBe("<p>Footer <strong>text</strong></p>");
    expect(theme.assets.styles).toMatchObject({
      url: `http://forum.test/api/v2/themes/${themeID}/assets/styles.css`,
      type: "css",
      "content-type": "text/css",
      data: "#theme-header p { color: rgb(200, 0, 0); }",
    });
    expect(theme.assets.scripts.data).toEqual([{ url: "https://cdn.example/widget.js" }]);

    // A save of the variables alone keeps every other asset.
    const again = await patch({ assets: { variables: { data: { global: { mainColors: { primary: "#112233" } } } } } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Theme>().assets.footer.data).toBe("<p>Footer <strong>text</strong></p>");
    expect(again.json<Theme>().assets.javascript.data).toBe("console.log('theme');");
  });

  it("refuses assets past their limits and unsafe script addresses: 422 naming each, nothing written", async () => {
    const before = (await api.get(`/api/v2/themes/${themeID}`, { as: admin })).json<Theme>().revisionID;
    const response = await patch({
      assets: {
        header: { data: "x".repeat(limits.themes.htmlAssetMaxLength + 1) },
        styles: { data: "y".repeat(limits.themes.stylesMaxLength + 1) },
        scripts: { data: [{ url: "http://insecure.example/a.js" }, { url: "https://ok.example/a.js; script-src *" }] },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    const fields = response.json<{ errors: Array<{ field: string }> }>().errors.map((error) => error.field);
    expect(fields).toEqual([
      "assets.header.data",
      "assets.styles.data",
      "assets.scripts.data.0.url",
      "assets.scripts.data.1.url",
    ]);
    const many = await patch({
      assets: { scripts: { data: Array.from({ length: 21 }, (_, i) => ({ url: `https://cdn.example/${i}.js` })) } },
    });
    expect(many.statusCode).toBe(422);
    expect((await api.get(`/api/v2/themes/${themeID}`, { as: admin })).json<Theme>().revisionID).toBe(before);
    // A body of the wrong type is refused by the schema.
    expect((await patch({ assets: { header: { data: { html: 1 } } } })).statusCode).toBe(422);
  });

  it("lets only site managers write assets", async () => {
    for (const as of [null, member]) {
      const response = await patch({ assets: { header: { data: "<p>Mine</p>" } } }, as);
      expect(response.statusCode).toBe(403);
    }
  });

  it("serves each asset raw and described, with a validator; to whom Vanilla lets read it", async () => {
    const raw = await api.get(`/api/v2/themes/${themeID}/assets/styles.css`, { as: admin });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(raw.body).toBe("#theme-header p { color: rgb(200, 0, 0); }");
    const etag = String(raw.headers["etag"]);
    const cached = await app.inject({
      method: "GET",
      url: `/api/v2/themes/${themeID}/assets/styles.css`,
      headers: { cookie: admin.cookie, "if-none-match": etag },
    });
    expect(cached.statusCode).toBe(304);
    expectSchema(ThemeTextAsset, (await api.get(`/api/v2/themes/${themeID}/assets/header`, { as: admin })).json());
    expectSchema(ThemeScriptsAsset, (await api.get(`/api/v2/themes/${themeID}/assets/scripts`, { as: admin })).json());
    expect((await api.get(`/api/v2/themes/${themeID}/assets/scripts.json`, { as: admin })).json()).toEqual([
      { url: "https://cdn.example/widget.js" },
    ]);
    expect((await api.get(`/api/v2/themes/${themeID}/assets/header.html`, { as: admin })).headers["content-type"]).toBe(
      "text/html; charset=utf-8",
    );

    // Not the current theme: only site managers.
    const assets = ["header.html", "footer", "styles.css", "javascript.js", "scripts"];
    for (const as of [null, member])
      for (const asset of assets)
        expect((await api.get(`/api/v2/themes/${themeID}/assets/${asset}`, { as })).statusCode, asset).toBe(403);
    const listed = await api.get(`/api/v2/themes/${themeID}?expand=all`, { as: member });
    expect(listed.json<Theme>().assets.header.data).toBeUndefined();

    // The current theme: its header, footer and styles are public; its scripts only while pages include them.
    expect((await api.put("/api/v2/themes/current", { themeID }, { as: admin })).statusCode).toBe(200);
    for (const as of [null, member]) {
      for (const asset of ["header.html", "footer", "styles.css"])
        expect((await api.get(`/api/v2/themes/${themeID}/assets/${asset}`, { as })).statusCode, asset).toBe(200);
      for (const asset of ["javascript.js", "scripts"])
        expect((await api.get(`/api/v2/themes/${themeID}/assets/${asset}`, { as })).statusCode, asset).toBe(403);
    }
    expect((await api.get(`/api/v2/themes/${themeID}/assets/nope.css`, { as: admin })).statusCode).toBe(404);
    expect((await api.get("/api/v2/themes/404/assets/header", { as: admin })).statusCode).toBe(404);
  });

  it("puts the header and footer in every page's HTML and links the styles; no scripts while the setting is off", async () => {
    const html = (await page("/")).body;
    // The header in the app: after the skip link, a named region just before the title bar (the banner).
    const header = html.indexOf(
      '<div id="theme-header" role="region" aria-label="Site Header"><p>Welcome <a>in</a></p></div>',
    );
    expect(header).toBeGreaterThan(html.indexOf('<div id="app">'));
    expect(header).toBeGreaterThan(html.indexOf('href="#content"'));
    expect(header).toBeLessThan(html.indexOf("<header"));
    // The footer in the page's <footer> (contentinfo), before the app's own words.
    const footer = html.indexOf('<div id="theme-footer"><p>Footer <strong>text</strong></p></div>');
    expect(footer).toBeGreaterThan(html.lastIndexOf("<footer", footer));
    expect(html.lastIndexOf("<footer", footer)).toBeGreaterThan(html.indexOf("</main>"));
    expect(footer).toBeLessThan(html.indexOf("</footer>", html.lastIndexOf("<footer", footer)));
    // The same HTML in the page's state, for the browser's first render (hydration matches it).
    const state = JSON.parse(
      /<script id="__PARLEY_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!,
    ) as {
      theme?: { header: string; footer: string };
    };
    expect(state.theme).toEqual({
      header: "<p>Welcome <a>in</a></p>",
      footer: "<p>Footer <strong>text</strong></p>",
    });
    expect(html).toMatch(
      new RegExp(
        `<link rel="stylesheet" id="theme-styles" href="/api/v2/themes/${themeID}/assets/styles.css\\?revisionID=\\d+">`,
      ),
    );
    expect(html).not.toContain("javascript.js");
    expect(html).not.toContain("cdn.example");
    expect(String((await page("/")).headers["content-security-policy"])).not.toContain("cdn.example");
  });

  it("includes the scripts, and lets the CSP allow exactly them, once an administrator turns the setting on", async () => {
    // Only site managers: a member and a moderator (community.manage, not site.manage) are refused.
    const moderator = await api.signIn(
      await createUser(t.database.db, { name: "Script Moderator", role: "moderator", isAdmin: false }),
    );
    for (const as of [member, moderator]) {
      const refused = await api.patch("/api/v2/config", { "themes.allowCustomScripts": true }, { as });
      expect(refused.statusCode).toBe(403);
      expect((await api.get("/api/v2/config?select=themes.allowCustomScripts", { as })).json()).not.toHaveProperty(
        "themes.allowCustomScripts",
      );
    }
    expect((await api.get("/api/v2/config?select=themes.allowCustomScripts", { as: admin })).json()).toEqual({
      "themes.allowCustomScripts": false,
    });
    expect((await api.get("/api/v2/config?select=themes.allowCustomScripts", { as: null })).json()).not.toHaveProperty(
      "themes.allowCustomScripts",
    );
    expect((await setScripts(true)).statusCode).toBe(200);
    const response = await page("/");
    expect(response.body).toMatch(
      new RegExp(`<script src="/api/v2/themes/${themeID}/assets/javascript.js\\?revisionID=\\d+" defer></script>`),
    );
    expect(response.body).toContain('<script src="https://cdn.example/widget.js" defer></script>');
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/cdn\.example\/widget\.js(;|$)/);
    expect((await api.get(`/api/v2/themes/${themeID}/assets/javascript.js`, { as: null })).statusCode).toBe(200);

    expect((await setScripts(false)).statusCode).toBe(200);
    expect((await page("/")).body).not.toContain("cdn.example");
    expect((await api.put("/api/v2/themes/current", { themeID: "theme-foundation" }, { as: admin })).statusCode).toBe(
      200,
    );
    expect((await page("/")).body).not.toContain("theme-header");
  });
});
