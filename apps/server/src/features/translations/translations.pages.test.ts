import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createApi, seededAdmin, type Session } from "../../test/accounts.ts";
import type { TestApp } from "../../test/app.ts";
import { engines } from "../../test/databases.ts";
import { createPagesTestApp } from "../../test/pages.ts";

/** Translated category names on server-rendered pages, and guests' caches kept apart by locale. */
describe.each(engines)("translated categories on pages and in guests' caches on %s", (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Session;
  let api: ReturnType<typeof createApi>;
  let generalID: number;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000, guestApiCacheTtlMs: 60_000 });
    app = t.app;
    api = createApi(app);
    admin = await api.signIn(seededAdmin);
    expect((await api.patch("/api/v2/config", { "locales.enabled": "en,fr" }, { as: admin })).statusCode).toBe(200);
    generalID = (await api.get("/api/v2/categories/$urlcode:general")).json<{ categoryID: number }>().categoryID;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { host: "forum.test", ...headers } });
  const translateName = async (translation: string) => {
    const response = await api.patch(
      "/api/v2/translations/forum",
      [{ recordType: "category", recordID: generalID, propertyName: "name", locale: "fr", translation }],
      { as: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

  it("keeps a guest's API answers apart by locale and drops them when a translation changes", async () => {
    await translateName("Généralités");
    const url = `/api/v2/categories/${generalID}`;
    const source = (await get(url)).json<{ name: string }>().name;
    expect(source).not.toBe("Généralités");
    expect((await get(url)).headers["x-parley-cache"]).toBe("hit");
    const french = await get(`${url}?locale=fr`);
    expect(french.headers["x-parley-cache"]).toBeUndefined();
    expect(french.json()).toMatchObject({ name: "Généralités" });
    const frenchAgain = await get(`${url}?locale=fr`);
    expect(frenchAgain.headers["x-parley-cache"]).toBe("hit");
    expect(frenchAgain.json()).toMatchObject({ name: "Généralités" });
    expect((await get(url)).json()).toMatchObject({ name: source });
    // The cookie's answers are never kept, nor served from what others were given.
    const byCookie = await get(url, { cookie: "parley-content-locale=fr" });
    expect(byCookie.headers["x-parley-cache"]).toBeUndefined();
    expect(byCookie.json()).toMatchObject({ name: "Généralités" });

    await translateName("Discussions générales");
    expect((await get(`${url}?locale=fr`)).json()).toMatchObject({ name: "Discussions générales" });
  });

  it("renders the category page in the reader's content locale, and caches only the guest's page as written", async () => {
    await translateName("Généralités");
    const plain = await get("/categories/general");
    expect(plain.statusCode).toBe(200);
    const source = heading(plain.body);
    expect(source).toBeTruthy();
    expect(source).not.toBe("Généralités");
    const french = await get("/categories/general", { cookie: "parley-content-locale=fr" });
    expect(french.statusCode).toBe(200);
    expect(heading(french.body)).toBe("Généralités");
    expect(french.body).toContain("<title>Généralités");
    expect(french.headers["x-parley-cache"]).toBeUndefined();
    const again = await get("/categories/general");
    expect(again.headers["x-parley-cache"]).toBe("hit");
    expect(heading(again.body)).toBe(source);
    // The categories list too, for a signed-in reader with the cookie.
    const list = await get("/categories", { cookie: `${admin.cookie}; parley-content-locale=fr` });
    expect(list.body).toContain("Généralités");
  });
});
