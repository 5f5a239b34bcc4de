import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  TEST_ORIGIN,
  createApi,
  createCast,
  expectNoLeaks,
  uniqueIp,
  type Api,
  type Bearer,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";

const invalidCsrf = { message: "Invalid CSRF token.", status: 403, description: null };

describe.each(engines)("CSRF protection on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator" | "target", TestUser>;
  let member: Session;
  let otherSession: Session;
  let moderator: Session;
  let bearer: Bearer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Carla", role: "member" },
      moderator: { name: "Mods", role: "moderator" },
      target: { name: "Target", role: "member" },
    });
    [member, otherSession, moderator] = await Promise.all([
      api.signIn(cast.member),
      api.signIn(cast.member),
      api.signIn(cast.moderator),
    ]);
    bearer = await api.tokenFor(member);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The state-changing calls under test, each harmless to repeat. */
  const writes = () => [
    { method: "POST" as const, url: "/api/v2/tokens", body: { name: "csrf" }, as: member },
    { method: "PATCH" as const, url: `/api/v2/users/${cast.member.userID}`, body: { title: "Tester" }, as: member },
    { method: "PUT" as const, url: `/api/v2/users/${cast.target.userID}/ban`, body: { banned: false }, as: moderator },
    { method: "DELETE" as const, url: "/api/v2/tokens/987654", body: undefined, as: member },
  ];
  const okStatus = { POST: 201, PATCH: 200, PUT: 200, DELETE: 404 } as const;

  const send = (
    write: ReturnType<typeof writes>[number],
    headers: Record<string, string>,
    body: Record<string, unknown> | undefined = write.body,
  ) => api.request(write.method, write.url, { as: write.as, csrf: "none", headers, body });

  it.each([
    ["no proof at all", {}],
    ["X-Requested-With without Origin or Referer", { "x-requested-with": "vanilla" }],
    ["a same-site Origin without X-Requested-With", { origin: TEST_ORIGIN }],
    ["a cross-site Origin with X-Requested-With", { origin: "http://evil.test", "x-requested-with": "vanilla" }],
    ["a cross-site Referer with X-Requested-With", { referer: "http://evil.test/page", "x-requested-with": "x" }],
    [
      "a cross-site Origin despite a same-site Referer",
      { origin: "http://evil.test", referer: `${TEST_ORIGIN}/`, "x-requested-with": "x" },
    ],
    ["Origin: null", { origin: "null", "x-requested-with": "vanilla" }],
    ["another port of the host", { origin: "http://forum.test:8080", "x-requested-with": "vanilla" }],
    ["another scheme of the host", { origin: "https://forum.test", "x-requested-with": "vanilla" }],
    ["a wrong transient key", { "x-transient-key": "not-the-key" }],
  ])("refuses a signed-in write with %s: 403 'Invalid CSRF token.'", async (_label, headers) => {
    for (const write of writes()) {
      const response = await send(write, headers);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json()).toEqual(invalidCsrf);
    }
  });

  it("refuses another session's transient key", async () => {
    for (const write of writes().filter((item) => item.as === member)) {
      const response = await send(write, { "x-transient-key": otherSession.transientKey });
      expect(response.statusCode).toBe(403);
    }
  });

  it("accepts the session's transient key in X-Transient-Key", async () => {
    for (const write of writes()) {
      const response = await send(write, { "x-transient-key": write.as.transientKey });
      expect(response.statusCode, `${write.method} ${write.url}: ${response.body}`).toBe(okStatus[write.method]);
      const sameSite = await send(write, { "x-transient-key": write.as.transientKey, origin: TEST_ORIGIN });
      expect(sameSite.statusCode).toBe(okStatus[write.method]);
    }
  });

  it("refuses a request a browser marks as cross-site, even with the right transient key", async () => {
    for (const write of writes()) {
      const crossSite: Array<Record<string, string>> = [
        { origin: "http://evil.test" },
        { referer: "http://evil.test/page" },
      ];
      for (const headers of crossSite) {
        const response = await send(write, { "x-transient-key": write.as.transientKey, ...headers });
        expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
        expect(response.json()).toEqual(invalidCsrf);
      }
    }
  });

  it("accepts the transient key in the body (transientKey or TransientKey)", async () => {
    const [post, patch] = writes();
    expect((await send(post!, {}, { name: "from a form", transientKey: member.transientKey })).statusCode).toBe(201);
    expect((await send(patch!, {}, { title: "Form", TransientKey: member.transientKey })).statusCode).toBe(200);
  });

  it("accepts X-Requested-With from the site's own Origin, or its Referer when Origin is absent", async () => {
    for (const write of writes()) {
      const byOrigin = await send(write, { origin: TEST_ORIGIN, "x-requested-with": "vanilla" });
      expect(byOrigin.statusCode, `${write.method} ${write.url}`).toBe(okStatus[write.method]);
      const byReferer = await send(write, {
        referer: `${TEST_ORIGIN}/discussions`,
        "x-requested-with": "XMLHttpRequest",
      });
      expect(byReferer.statusCode).toBe(okStatus[write.method]);
    }
  });

  it("lets reads through without any proof", async () => {
    const response = await api.get("/api/v2/users/me", {
      as: member,
      csrf: "none",
      headers: { origin: "http://evil.test" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ userID: number }>().userID).toBe(cast.member.userID);
  });

  it("asks nothing of bearer-token requests, which no cookie can forge", async () => {
    const patch = await api.patch(
      `/api/v2/users/${cast.member.userID}`,
      { title: "By token" },
      { as: bearer, headers: { origin: "http://evil.test" } },
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json<{ title: string }>().title).toBe("By token");
    expect((await api.delete("/api/v2/tokens/987654", { as: bearer })).statusCode).toBe(404);
  });

  it("asks no proof of guests, but refuses their cross-site writes (no signing a visitor in or out)", async () => {
    const request = (headers: Record<string, string>) =>
      api.post("/api/v2/users/request-password", { email: "nobody@people.test" }, { headers, ip: uniqueIp() });
    expect((await request({})).statusCode).toBe(201);
    expect((await request({ origin: TEST_ORIGIN })).statusCode).toBe(201);
    const crossSite = await request({ origin: "http://evil.test" });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual(invalidCsrf);

    const signIn = await api.post(
      "/api/v2/authenticate/password",
      { username: cast.member.name, password: cast.member.password },
      { headers: { referer: "http://evil.test/login" }, ip: uniqueIp() },
    );
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers["set-cookie"]).toBeUndefined();
  });

  it("checks the proof before anything else: a forged write changes nothing", async () => {
    const before = (await api.get(`/api/v2/users/${cast.target.userID}`, { as: moderator })).json<{ banned: number }>();
    const forged = await api.put(
      `/api/v2/users/${cast.target.userID}/ban`,
      { banned: true },
      {
        as: moderator,
        csrf: "none",
      },
    );
    expect(forged.statusCode).toBe(403);
    const after = (await api.get(`/api/v2/users/${cast.target.userID}`, { as: moderator })).json<{ banned: number }>();
    expect(after.banned).toBe(before.banned);
    expect(after.banned).toBe(0);
  });

  it("compares Origin with the site's address, not with a forged X-Forwarded-Host (even from a trusted proxy)", async () => {
    for (const write of writes()) {
      for (const headers of <Array<Record<string, string>>>[
        { origin: "http://evil.test", "x-forwarded-host": "evil.test", "x-requested-with": "vanilla" },
        { referer: "http://evil.test/page", "x-forwarded-host": "evil.test", "x-requested-with": "vanilla" },
        { origin: "http://evil.test", host: "evil.test", "x-requested-with": "vanilla" },
      ]) {
        const response = await send(write, headers);
        expect(response.statusCode, `${write.method} ${write.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual(invalidCsrf);
      }
    }
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});

describe.each(engines)("CSRF protection of a site served over https on %s", (engine) => {
  const SITE = "https://forum.test";
  let t: TestApp;
  let api: Api;
  let member: Session;

  beforeAll(async () => {
    t = await createTestApp(engine, { config: { publicUrl: SITE } });
    api = createApi(t.app);
    const cast = await createCast(t.database.db, { member: { name: "Secure", role: "member" } });
    member = await api.signIn(cast.member);
  });
  afterAll(async () => {
    await t?.close();
  });

  const patch = (headers: Record<string, string>) =>
    api.patch(`/api/v2/users/${member.userID}`, { title: "Tester" }, { as: member, csrf: "none", headers });

  it("refuses the same host over http (Origin and Referer), whatever the proxy says the scheme is", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { origin: TEST_ORIGIN, "x-requested-with": "vanilla" },
      { origin: TEST_ORIGIN, "x-requested-with": "vanilla", "x-forwarded-proto": "https" },
      { referer: `${TEST_ORIGIN}/discussions`, "x-requested-with": "vanilla" },
    ]) {
      const response = await patch(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(invalidCsrf);
    }
  });

  it("accepts the site's own https Origin or Referer", async () => {
    expect((await patch({ origin: SITE, "x-requested-with": "vanilla" })).statusCode).toBe(200);
    expect((await patch({ referer: `${SITE}/discussions`, "x-requested-with": "vanilla" })).statusCode).toBe(200);
  });
});
