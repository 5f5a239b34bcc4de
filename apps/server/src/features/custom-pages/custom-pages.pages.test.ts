import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomPage } from "@parley/contracts";
import { createApi, roleIDOfType, seededAdmin, TEST_ORIGIN, type Api, type Session } from "../../test/accounts.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/* Issue 38: a custom page is server-rendered at its address, with its SEO head, cached for guests and dropped on change. */

const layout = [
  {
    $reactComponent: "react.section.1-column",
    $reactProps: {
      children: [{ $reactComponent: "react.html", $reactProps: { description: "Founded by gardeners in 2009." } }],
    },
  },
];

describe.each(engines)("custom pages rendered by the server on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let admin: Session;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000 });
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: { host: "forum.test", ...(cookie ? { cookie } : {}) } });
  const create = async (body: Record<string, unknown>) => {
    const response = await api.post("/api/v2/custom-pages", body, { as: admin });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CustomPage>();
  };

  it("renders a published page for guests with its title, description and canonical address; 404 once unpublished", async () => {
    const about = await create({
      seoTitle: "About the Garden Club",
      seoDescription: "Who we are & what we grow.",
      urlcode: "/about",
      status: "published",
      showInNavigation: true,
      layoutData: { layout },
    });
    const first = await page("/about");
    expect(first.statusCode).toBe(200);
    const html = first.body;
    expect(html).toMatch(/<title>About the Garden Club[^<]*<\/title>/);
    expect(html).toContain('<meta name="description" content="Who we are &amp; what we grow.">');
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/about">`);
    expect(html).toMatch(/<h1[^>]*>About the Garden Club<\/h1>/);
    expect(html).toContain("Founded by gardeners in 2009.");
    expect(html).not.toContain("Not published");
    // The title bar links it, on this page and on the others.
    expect(html).toMatch(/<a[^>]+href="\/about"[^>]*>[^<]*About the Garden Club/);
    expect((await page("/discussions")).body).toMatch(/href="\/about"/);
    expect((await page("/about")).headers["x-parley-cache"]).toBe("hit");
    // In the sitemap guests' crawlers read.
    expect((await page("/sitemaps/categories.xml")).body).toContain(`<loc>${TEST_ORIGIN}/about</loc>`);

    // Unpublished: guests get the not-found page (the cached copy is dropped); a site manager sees a notice.
    const patched = await api.patch(
      `/api/v2/custom-pages/${about.customPageID}`,
      { status: "unpublished" },
      {
        as: admin,
      },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    const gone = await page("/about");
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain("Founded by gardeners");
    expect((await page("/discussions")).body).not.toMatch(/href="\/about"/);
    expect((await page("/sitemaps/categories.xml")).body).not.toContain(`${TEST_ORIGIN}/about<`);
    const managed = await page("/about", admin.cookie);
    expect(managed.statusCode).toBe(200);
    expect(managed.body).toContain("Not published");
    expect(managed.body).toContain("Founded by gardeners in 2009.");
    expect(managed.body).toContain('<meta name="robots" content="noindex">');
    await api.delete(`/api/v2/custom-pages/${about.customPageID}`, { as: admin });
  });

  it("answers 404 to guests for a page limited to other roles, and leaves the forum's own pages alone", async () => {
    const staff = await create({
      seoTitle: "Staff room",
      seoDescription: "",
      urlcode: "/staff-room",
      status: "published",
      roleIDs: [await roleIDOfType(t.database.db, "moderator")],
    });
    expect((await page("/staff-room")).statusCode).toBe(404);
    expect((await page("/staff-room", admin.cookie)).statusCode).toBe(200);
    expect((await page("/sitemaps/categories.xml")).body).not.toContain("/staff-room");
    // An address no page has, and one no page may have, are the not-found page as before.
    expect((await page("/no-such-page")).statusCode).toBe(404);
    expect((await page("/No.Such.Page")).statusCode).toBe(404);
    expect((await page("/categories")).statusCode).toBe(200);
    await api.delete(`/api/v2/custom-pages/${staff.customPageID}`, { as: admin });
  });
  it("frames a placed fragment in a sandbox without same-origin, and says so when it cannot be loaded", async () => {
    const made = await api.post(
      "/api/v2/fragments",
      { name: "Hello", fragmentType: "CallToActionFragment", js: "1;", jsRaw: "", commitMessage: "First" },
      { as: admin },
    );
    const { fragmentUUID } = made.json<{ fragmentUUID: string }>();
    const widget = (uuid: string) => ({
      $reactComponent: "react.customFragment",
      $reactProps: { fragmentImpl: { fragmentUUID: uuid }, title: "Greeting", props: { who: "<you>" } },
    });
    const framed = await create({
      seoTitle: "Framed",
      seoDescription: "",
      urlcode: "/framed",
      status: "published",
      layoutData: {
        layout: [
          {
            $reactComponent: "react.section.1-column",
            $reactProps: { children: [widget(fragmentUUID), widget("01900000-0000-7000-8000-000000000000")] },
          },
        ],
      },
    });
    const response = await page("/framed");
    expect(response.statusCode).toBe(200);
    const frames = [...response.body.matchAll(/<iframe[^>]*>/g)].map(([tag]) => tag);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toContain('sandbox="allow-scripts"');
    expect(frames[0]).not.toContain("allow-same-origin");
    expect(frames[0]).toContain('title="Greeting"');
    expect(frames[0]).toContain(`src="/api/v2/fragments/${fragmentUUID}/frame?fragmentRevisionUUID=`);
    expect(frames[0]).toContain("props=%7B%22who%22%3A%22%3Cyou%3E%22%7D");
    expect(response.body).toMatch(/<p[^>]*role="alert"[^>]*>Error Loading Fragment<\/p>/);
    // The site's own CSP lets its pages frame its own documents, and the frame's CSP sandboxes it again.
    expect(String(response.headers["content-security-policy"])).toMatch(/frame-src 'self'/);
    const src = /src="([^"]+)"/.exec(frames[0]!)![1]!.replace(/&amp;/g, "&");
    const frame = await page(src);
    expect(frame.statusCode).toBe(200);
    expect(String(frame.headers["content-security-policy"])).toMatch(/^sandbox allow-scripts;/);
    await api.delete(`/api/v2/custom-pages/${framed.customPageID}`, { as: admin });
  });
});
