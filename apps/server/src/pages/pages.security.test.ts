import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { cookieOf, createApi, seededAdmin, uniqueIp } from "../test/accounts.ts";
import { TEST_ORIGIN, type TestApp } from "../test/app.ts";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";

/** Return addresses that must not lead off the site (`Target` of the entry forms), as a query would carry them. */
const hostileTargets = [
  "//evil.example",
  "/\\evil.example",
  "/\tevil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%5Cevil.example",
  "/%2F/evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "\n",
  "/\n/evil.example",
  "/x\r\nSet-Cookie: a=b",
  " /evil.example",
  "evil.example",
];

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(engines)("server-rendered pages and hostile input on %s", (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Guests' pages and API answers cached as in production, to show a Host cannot poison them.
    t = await createPagesTestApp(engine, { guestCacheTtlMs: 60_000, guestApiCacheTtlMs: 60_000 });
    app = t.app;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The no-JavaScript sign-in form, posted with a `Target`. */
  const signIn = (target: string) =>
    app.inject({
      method: "POST",
      url: `/entry/signin?${new URLSearchParams({ Target: target }).toString()}`,
      headers: {
        host: "forum.test",
        "x-forwarded-for": uniqueIp(),
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: form({ username: seededAdmin.name, password: seededAdmin.password }),
    });

  it.each(hostileTargets)("signs in and goes home, not to the Target %j", async (target) => {
    const response = await signIn(target);
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe("/");
    expect(cookieOf(response.headers["set-cookie"])).not.toBeNull();
  });

  it("returns to a Target on the site", async () => {
    for (const target of ["/categories", "/discussions?sort=-dateInserted", "/profile/Ada%20Lovelace"]) {
      const response = await signIn(target);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(target);
    }
  });

  it("signs out and registers with the same check of the Target", async () => {
    const session = await createApi(app).signIn(seededAdmin);
    for (const target of ["/%09/evil.example", "//evil.example", "/\n"]) {
      const signedOut = await app.inject({
        method: "POST",
        url: `/entry/signout?${new URLSearchParams({ Target: target }).toString()}`,
        headers: {
          host: "forum.test",
          cookie: session.cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: form({ transientKey: session.transientKey }),
      });
      expect(signedOut.statusCode, signedOut.body).toBe(303);
      expect(signedOut.headers.location).toBe("/");
    }
    const registered = await app.inject({
      method: "POST",
      url: `/entry/register?${new URLSearchParams({ Target: "/\t/evil.example" }).toString()}`,
      headers: {
        host: "forum.test",
        "x-forwarded-for": uniqueIp(),
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: form({
        email: "target@people.test",
        name: "Target Tester",
        password: "long enough 1",
        passwordConfirm: "long enough 1",
      }),
    });
    expect(registered.statusCode, registered.body).toBe(303);
    expect(registered.headers.location).toBe("/");
  });

  it("renders pages for another Host with the site's own links, and caches nothing a Host could poison", async () => {
    for (const headers of [{ host: "evil.example" }, { host: "forum.test", "x-forwarded-host": "evil.example" }]) {
      for (const url of ["/categories", "/discussions", "/api/v2/discussions?limit=2"]) {
        const response = await app.inject({ method: "GET", url, headers });
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
        expect(response.body, url).not.toContain("evil.example");
        expect(String(response.headers["link"] ?? ""), url).not.toContain("evil.example");
      }
    }
    const page = await app.inject({ method: "GET", url: "/categories", headers: { host: "forum.test" } });
    expect(page.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/categories">`);
    expect(page.body).not.toContain("evil.example");
  });
});
