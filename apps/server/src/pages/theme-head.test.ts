import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { fontStacks, themeCssVariables } from "@parley/contracts";
import { fileThemes } from "../features/themes/index.ts";
import { createApi, seededAdmin, type Session } from "../test/accounts.ts";
import type { TestApp } from "../test/app.ts";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";

const variablesOf = (themeID: string) => fileThemes.find((theme) => theme.themeID === themeID)!.variables;

/** The `<head>` of a page, and the theme style in it. */
function themeIn(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  const style = /<style id="theme-variables">([^<]*)<\/style>/.exec(head)?.[1] ?? null;
  const themeColor = /<meta name="theme-color" content="([^"]*)">/.exec(head)?.[1] ?? null;
  return { head, style, themeColor };
}

describe.each(engines)("the current theme in server-rendered pages on %s", (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Session;

  beforeAll(async () => {
    // Guests' pages are cached as in production, to show a theme change is not hidden by the cache.
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000 });
    app = t.app;
    admin = await createApi(app).signIn(seededAdmin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string) => app.inject({ method: "GET", url, headers: { host: "forum.test" } });
  const setTheme = (themeID: string) => createApi(app).put("/api/v2/themes/current", { themeID }, { as: admin });

  it("writes the default theme's variables into the head of every page, after the stylesheets", async () => {
    for (const url of ["/", "/categories", "/no-such-page"]) {
      const { head, style, themeColor } = themeIn((await page(url)).body);
      expect(style, url).toBe(themeCssVariables(variablesOf("theme-foundation")));
      expect(style).toContain("--color-primary:#037dbc;");
      expect(style).toContain("--color-bg:#ffffff;");
      expect(themeColor).toBe("#037dbc");
      const lastStylesheet = head.lastIndexOf('rel="stylesheet"');
      expect(lastStylesheet).toBeGreaterThan(-1);
      expect(head.indexOf('<style id="theme-variables">')).toBeGreaterThan(lastStylesheet);
    }
  });

  it("shows the dark theme on the next page after PUT /themes/current, cached guest pages included", async () => {
    expect((await page("/categories")).headers["x-parley-cache"]).toBe("hit");
    const response = await setTheme("theme-foundation-dark");
    expect(response.statusCode, response.body).toBe(200);

    const after = await page("/categories");
    expect(after.headers["x-parley-cache"]).toBe("miss");
    const { style, themeColor } = themeIn(after.body);
    expect(style).toBe(themeCssVariables(variablesOf("theme-foundation-dark")));
    expect(style).toContain("color-scheme:dark;");
    expect(style).toContain("--color-bg:#323639;");
    expect(style).toContain("--color-primary:#43bdfc;");
    expect(style).toContain("--title-bar-bg:#26282b;");
    expect(themeColor).toBe("#43bdfc");
    expect(after.body).toContain("Announcements");

    // Signed-in pages too.
    const signedIn = await app.inject({
      method: "GET",
      url: "/categories",
      headers: { host: "forum.test", cookie: admin.cookie },
    });
    expect(themeIn(signedIn.body).style).toContain("--color-bg:#323639;");

    expect((await setTheme("theme-foundation")).statusCode).toBe(200);
    expect(themeIn((await page("/categories")).body).style).toContain("--color-bg:#ffffff;");
  });

  it("shows an administrator's preview in their own pages only, with the banner, until it ends", async () => {
    const api = createApi(app);
    const started = await api.put("/api/v2/themes/preview", { themeID: "theme-foundation-dark" }, { as: admin });
    expect(started.statusCode, started.body).toBe(200);
    const preview = String(started.headers["set-cookie"]).split(";")[0]!;
    const categories = (cookie: string) =>
      app.inject({ method: "GET", url: "/categories", headers: { host: "forum.test", cookie } });
    const banner = "You are previewing the Foundation Dark theme.";

    const previewing = await categories(`${admin.cookie}; ${preview}`);
    expect(themeIn(previewing.body).style).toBe(themeCssVariables(variablesOf("theme-foundation-dark")));
    expect(previewing.body).toContain(banner);
    expect(previewing.body).toContain('data-theme-preview="theme-foundation-dark"');
    // The same cookie without the right to manage the site, and the administrator without it: no preview.
    for (const cookie of [preview, admin.cookie]) {
      const other = await categories(cookie);
      expect(themeIn(other.body).style).toBe(themeCssVariables(variablesOf("theme-foundation")));
      expect(other.body).not.toContain(banner);
    }

    // Cancel, as the banner's form posts it without JavaScript: the preview ends, back to the themes page.
    const cancelled = await app.inject({
      method: "POST",
      url: "/dashboard/themes",
      headers: {
        host: "forum.test",
        origin: "http://forum.test",
        cookie: `${admin.cookie}; ${preview}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams({
        transientKey: admin.transientKey,
        intent: "cancel-preview",
        themeID: "theme-foundation-dark",
      }).toString(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(303);
    expect(cancelled.headers.location).toBe("/dashboard/themes");
    expect(String(cancelled.headers["set-cookie"])).toMatch(/parley-theme-preview=;/);
  });

  it("shows a theme of the site's own, each new revision on the next page, and a previewed revision to its previewer", async () => {
    const api = createApi(app);
    const colors = (primary: string) => ({
      global: { mainColors: { primary } },
      titleBar: { colors: { bg: "#202124" } },
    });
    const created = await api.post(
      "/api/v2/themes",
      { name: "Berry", parentTheme: "theme-foundation", assets: { variables: { data: colors("#aa3355") } } },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const { themeID, revisionID: first } = created.json<{ themeID: string; revisionID: number }>();
    expect((await setTheme(themeID)).statusCode).toBe(200);

    const berry = themeIn((await page("/categories")).body);
    expect(berry.style).toBe(themeCssVariables(colors("#aa3355")));
    expect(berry.style).toContain("--title-bar-bg:#202124;");
    expect(berry.themeColor).toBe("#aa3355");
    expect((await page("/categories")).headers["x-parley-cache"]).toBe("hit");

    // An edit is a new revision: the next page, cached guests' included, shows it.
    const edited = await api.patch(
      `/api/v2/themes/${themeID}`,
      { assets: { variables: { data: colors("#117744") } } },
      { as: admin },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await page("/categories");
    expect(after.headers["x-parley-cache"]).toBe("miss");
    expect(themeIn(after.body).style).toContain("--color-primary:#117744;");

    // The first revision previewed: in the administrator's pages only.
    const previewed = await api.put("/api/v2/themes/preview", { themeID, revisionID: first }, { as: admin });
    const preview = String(previewed.headers["set-cookie"]).split(";")[0]!;
    const categories = (cookie: string) =>
      app.inject({ method: "GET", url: "/categories", headers: { host: "forum.test", cookie } });
    const previewing = await categories(`${admin.cookie}; ${preview}`);
    expect(themeIn(previewing.body).style).toContain("--color-primary:#aa3355;");
    expect(previewing.body).toContain("You are previewing the Berry theme.");
    expect(themeIn((await categories(admin.cookie)).body).style).toContain("--color-primary:#117744;");

    // Restored, the first revision is everyone's again.
    expect((await api.patch(`/api/v2/themes/${themeID}`, { revisionID: first }, { as: admin })).statusCode).toBe(200);
    expect(themeIn((await page("/categories")).body).style).toContain("--color-primary:#aa3355;");
    expect((await setTheme("theme-foundation")).statusCode).toBe(200);
  });

  it("renders a theme's design in the first response: fonts, radius, button style, title bar, link colour and logo", async () => {
    const api = createApi(app);
    const design = {
      global: {
        fonts: { families: { body: [...fontStacks.system], heading: [...fontStacks.serif] }, sizes: { medium: 16 } },
        border: { radius: 12 },
        links: { colors: { default: "#7a1fa2" } },
      },
      buttons: { preset: "outline" as const, shape: "pill" as const },
      titleBar: { colors: { bg: "#14532d" }, logo: { desktop: { url: "/uploads/brand.png" } } },
    };
    const created = await api.post(
      "/api/v2/themes",
      { name: "Designed", parentTheme: "theme-foundation", assets: { variables: { data: design } } },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await setTheme(created.json<{ themeID: string }>().themeID)).statusCode).toBe(200);
    try {
      const body = (await page("/categories")).body;
      const { style } = themeIn(body);
      expect(style).toBe(themeCssVariables(design));
      for (const declaration of [
        "--border-radius:12px;",
        "--button-radius:999px;",
        "--button-primary-bg:transparent;",
        "--button-primary-fg:#037dbc;",
        "--title-bar-bg:#14532d;",
        "--color-link:#7a1fa2;",
        "--font-size-medium:16px;",
        '--font-family:system-ui, -apple-system, "Segoe UI"',
        '--font-family-heading:"Charter", "Bitstream Charter"',
      ])
        expect(style).toContain(declaration);
      // The title bar's logo, server-rendered, with the site's name as its text alternative.
      expect(body).toMatch(
        /<img[^>]*src="\/uploads\/brand.png"[^>]*alt="Parley"|<img[^>]*alt="Parley"[^>]*src="\/uploads\/brand.png"/,
      );
    } finally {
      expect((await setTheme("theme-foundation")).statusCode).toBe(200);
    }
    expect((await page("/categories")).body).not.toContain("/uploads/brand.png");
  });

  it("links the stylesheet at a theme's own breakpoints, its @media widths moved, and the build's own otherwise", async () => {
    const api = createApi(app);
    const stylesheets = (html: string) =>
      [...themeIn(html).head.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
    const [built] = stylesheets((await page("/categories")).body);
    expect(built).toMatch(/^\/assets\/[\w-]+\.css$/);
    const builtCss = (await app.inject({ method: "GET", url: built! })).body;
    expect(builtCss).toMatch(/@media \(max-width:\s*800px\)/);

    const layout = { breakpoints: { compact: 1000, twoColumns: 1400 } };
    const created = await api.post(
      "/api/v2/themes",
      { name: "Wide compact", parentTheme: "theme-foundation", assets: { variables: { data: { layout } } } },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await setTheme(created.json<{ themeID: string }>().themeID)).statusCode).toBe(200);
    try {
      const body = (await page("/categories")).body;
      expect(themeIn(body).style).toContain("--breakpoint-compact:1000px;");
      const [themed] = stylesheets(body);
      expect(themed).toBe(`/assets/breakpoints/500-550-1000-1400/${built!.split("/").pop()}`);
      const response = await app.inject({ method: "GET", url: themed! });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const css = response.body;
      // Every compact rule at 1000 px, the two-column one past 1400, and the rest of the text as it was.
      expect(css).not.toMatch(/@media \(max-width:\s*800px\)/);
      expect(css.match(/@media \(max-width:\s*1000px\)/g)?.length).toBe(
        builtCss.match(/@media \(max-width:\s*800px\)/g)?.length,
      );
      expect(css).toMatch(/@media \(min-width:\s*1401px\)/);
      expect(css.replace(/\d+px/g, "")).toBe(builtCss.replace(/\d+px/g, ""));
    } finally {
      expect((await setTheme("theme-foundation")).statusCode).toBe(200);
    }
    expect(stylesheets((await page("/categories")).body)).toEqual([built]);

    // Only built stylesheets, at widths a theme may set.
    for (const url of [
      "/assets/breakpoints/500-550-1000-1400/no-such-file.css",
      "/assets/breakpoints/500-550-1000-99999/" + built!.split("/").pop(),
      "/assets/breakpoints/500-550-1000/" + built!.split("/").pop(),
      "/assets/breakpoints/500-550-1000-1400/..%2F.vite%2Fmanifest.json",
    ])
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
  });
});
