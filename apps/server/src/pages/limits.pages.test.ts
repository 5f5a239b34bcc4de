import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { userMessages } from "@parley/contracts";
import { uniqueIp } from "../test/accounts.ts";
import type { TestApp } from "../test/app.ts";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";

describe.each(engines)("per-address limits and server-rendered pages on %s", (engine) => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createPagesTestApp(engine, { config: { rateLimits: { guestApiPerMinute: 3, searchPerMinute: 2 } } });
    app = t.app;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, ip: string) =>
    app.inject({ method: "GET", url, headers: { host: "forum.test", "x-forwarded-for": ip } });

  it("never counts a page's own API calls against its reader's guest allowance", async () => {
    const ip = uniqueIp();
    for (const url of ["/", "/discussions", "/categories", "/discussions", "/"]) {
      const page = await get(url, ip);
      expect(page.statusCode, url).toBe(200);
    }
    // The five pages made dozens of calls in-process; the reader's own three are still there.
    for (let call = 1; call <= 3; call++) expect((await get("/api/v2/categories", ip)).statusCode).toBe(200);
    expect((await get("/api/v2/categories", ip)).statusCode).toBe(429);
  });

  it("counts the search page's search for its reader, not for the server or every reader", async () => {
    const reader = uniqueIp();
    for (let page = 1; page <= 2; page++) expect((await get(`/search?query=demo${page}`, reader)).statusCode).toBe(200);
    const api = await get("/api/v2/search?query=demo", reader);
    expect(api.statusCode).toBe(429);
    expect(api.headers["retry-after"]).toBeDefined();
    // Another reader searches on.
    expect((await get("/api/v2/search?query=demo", uniqueIp())).statusCode).toBe(200);
  });

  it("answers the sign-in form (without JavaScript) after five wrong passwords from one address with the wait and a reset link", async () => {
    const ip = uniqueIp();
    const post = (password: string) =>
      app.inject({
        method: "POST",
        url: "/entry/signin",
        headers: {
          host: "forum.test",
          origin: "http://forum.test",
          "x-forwarded-for": ip,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams({ username: "admin", password }).toString(),
      });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await post(`wrong ${attempt}`)).statusCode).toBe(401);
    const refused = await post("wrong again");
    expect(refused.statusCode).toBe(429);
    const alert = /<p role="alert"[^>]*>(.*?)<\/p>/s.exec(refused.body)?.[1] ?? "";
    expect(alert).toMatch(/You&#x27;ve tried to sign in too many times\. Please wait \d+ seconds and try again\./);
    expect(alert).toContain(userMessages.tooManySignInsReset);
    expect(alert).toMatch(
      new RegExp(`<a [^>]*href="/entry/passwordrequest"[^>]*>${userMessages.tooManySignInsResetLabel}</a>`),
    );
  });
});
