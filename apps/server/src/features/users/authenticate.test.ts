import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { Me, userMessages, type Me as MeRecord } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  TEST_HOST,
  cookieOf,
  createApi,
  createCast,
  expectNoLeaks,
  linkIn,
  mailTo,
  uniqueIp,
  type Api,
  type TestUser,
} from "../../test/accounts.ts";

describe.each(engines)("signing in and out on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"member" | "moderator" | "banned" | "deleted" | "limited" | "leaver" | "noPassword", TestUser>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      member: { name: "Marta", role: "member", email: "marta@people.test" },
      moderator: { name: "Moe", role: "moderator" },
      banned: { name: "Banned Bea", role: "member", banned: true },
      deleted: { name: "Gone Gil", role: "member", deleted: true },
      limited: { name: "Tries Often", role: "member" },
      leaver: { name: "Leaver", role: "member" },
      noPassword: { name: "No Password", role: "member", password: null },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (username: string, password: string, extra: Record<string, unknown> = {}, ip = uniqueIp()) =>
    api.post("/api/v2/authenticate/password", { username, password, ...extra }, { ip });

  it("signs in by name: a session cookie (httpOnly, SameSite=Lax, no Max-Age), the user and a transient key", async () => {
    const response = await signIn("marta", cast.member.password);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ userID: number; user: MeRecord; transientKey: string }>();
    expect(body.userID).toBe(cast.member.userID);
    expect(body.user).toMatchObject({ userID: cast.member.userID, name: "Marta", email: "marta@people.test" });
    expect(body.transientKey).toMatch(/^[\w-]{20,}$/);

    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^parley_session=[\w-]{40,};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    expect(setCookie).not.toMatch(/; Secure/i);
  });

  it("signs in by e-mail, in any case", async () => {
    const response = await signIn("MARTA@people.test", cast.member.password);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ userID: number }>().userID).toBe(cast.member.userID);
  });

  it("keeps a persistent session for 30 days with persist: true", async () => {
    const response = await signIn("Marta", cast.member.password, { persist: true });
    expect(response.statusCode).toBe(201);
    expect(String(response.headers["set-cookie"])).toMatch(/; Max-Age=2592000/);
  });

  it("sends Secure cookies behind https", async () => {
    const response = await api.post(
      "/api/v2/authenticate/password",
      { username: "Marta", password: cast.member.password },
      { headers: { "x-forwarded-proto": "https" }, ip: uniqueIp() },
    );
    expect(response.statusCode).toBe(201);
    expect(String(response.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it.each([
    ["a wrong password", "Marta", "wrong password"],
    ["an unknown name", "Nobody Here", "whatever it is"],
    ["an unknown e-mail", "nobody@people.test", "whatever it is"],
    ["an account without a password", "No Password", ""],
  ])("answers 401 for %s, without a cookie", async (_label, username, password) => {
    const response = await signIn(username, password || "anything at all");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: userMessages.signInFailed, status: 401, description: null });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("returns the signed-in user from GET /users/me: e-mail, roles and global permissions", async () => {
    const session = await api.signIn(cast.member);
    const response = await api.get("/api/v2/users/me", { as: session });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("no-cache");
    const me = response.json<MeRecord>();
    expect(Value.Check(Me, me)).toBe(true);
    expect(me).toMatchObject({
      userID: cast.member.userID,
      name: "Marta",
      email: "marta@people.test",
      emailConfirmed: true,
      isAdmin: false,
      url: `http://${TEST_HOST}/profile/Marta`,
      roles: [{ name: "Member" }],
    });
    expect(me.permissions).toEqual([...me.permissions].sort());
    expect(me.permissions).toEqual(expect.arrayContaining(["session.valid", "discussions.add", "profiles.view"]));
    expect(me.permissions).not.toContain("site.manage");
    expect(me.permissions).not.toContain("personalInfo.view");

    const moderator = await api.signIn(cast.moderator);
    expect(moderator.me.permissions).toEqual(expect.arrayContaining(["community.moderate", "personalInfo.view"]));
  });

  it("signs out with DELETE /authenticate: the cookie is cleared and no longer works", async () => {
    const session = await api.signIn(cast.leaver);
    const other = await api.signIn(cast.leaver);
    const response = await api.delete("/api/v2/authenticate", { as: session });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const cleared = String(response.headers["set-cookie"]);
    expect(cleared).toMatch(/^parley_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

    const after = await api.get("/api/v2/users/me", { as: session });
    expect(after.json<MeRecord>()).toMatchObject({ userID: 0, name: "Guest" });
    expect(cookieOf(after.headers["set-cookie"])).toBe("parley_session=");
    // Only that session ends: the same account's other one goes on.
    expect((await api.get("/api/v2/users/me", { as: other })).json<MeRecord>().userID).toBe(cast.leaver.userID);
  });

  it("signs a guest out without complaint", async () => {
    expect((await api.delete("/api/v2/authenticate")).statusCode).toBe(204);
  });

  it("treats an unknown or malformed cookie as a guest's", async () => {
    const response = await api.get("/api/v2/users/me", { headers: { cookie: "parley_session=forged-token-value" } });
    expect(response.statusCode).toBe(200);
    expect(response.json<MeRecord>().userID).toBe(0);
  });

  it("limits failed attempts per account and address: the 6th from one address answers 429 with Retry-After and the reset offer, even with the right password; the owner elsewhere signs in", async () => {
    const attacker = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await signIn(attempt % 2 ? "Tries Often" : cast.limited.email, `wrong ${attempt}`, {}, attacker);
      expect(response.statusCode).toBe(401);
    }
    const sixth = await signIn("tries often", "wrong 6", {}, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      message: expect.stringMatching(
        /^You've tried to sign in too many times\. Please wait \d+ seconds and try again\.$/,
      ) as string,
      status: 429,
      description: userMessages.tooManySignInsReset,
      actionButton: { label: userMessages.tooManySignInsResetLabel, url: "/entry/passwordrequest" },
    });
    const retryAfter = Number(sixth.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const right = await signIn("Tries Often", cast.limited.password, {}, attacker);
    expect(right.statusCode).toBe(429);
    expect(right.headers["retry-after"]).toBeDefined();
    // The owner, from an address of their own, is not locked out by the stranger's guesses.
    expect((await signIn("Tries Often", cast.limited.password, {}, uniqueIp())).statusCode).toBe(201);
    // Other accounts from the stranger's address are not held up either (until its own ceiling).
    expect((await signIn("Marta", cast.member.password, {}, attacker)).statusCode).toBe(201);
  });

  it("limits failed attempts per address: the 21st from one address answers 429", async () => {
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await signIn(`Stranger ${attempt}`, "wrong password", {}, ip);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await signIn("Marta", cast.member.password, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBeDefined();
  }, 60_000);

  it("refuses banned users: 401 'You are banned.'", async () => {
    const response = await signIn("Banned Bea", cast.banned.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: "You are banned.", status: 401 });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses deleted users, by name and by e-mail", async () => {
    for (const username of [cast.deleted.name, cast.deleted.email]) {
      const response = await signIn(username, cast.deleted.password);
      expect(response.statusCode).toBe(401);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("validates the sign-in body", async () => {
    const response = await api.post("/api/v2/authenticate/password", { username: "" }, { ip: uniqueIp() });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<{ errors: Array<{ field: string }> }>()
        .errors.map((error) => error.field)
        .sort(),
    ).toEqual(["password", "username"]);
  });

  it("needs the CSRF proof to sign out a session", async () => {
    const session = await api.signIn(cast.member);
    const forged = await api.delete("/api/v2/authenticate", { as: session, csrf: "none" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: "Invalid CSRF token." });
    expect((await api.get("/api/v2/users/me", { as: session })).json<MeRecord>().userID).toBe(cast.member.userID);
    const signedOut = await api.delete("/api/v2/authenticate", { as: session, csrf: "transientKey" });
    expect(signedOut.statusCode).toBe(204);
  });

  it("leaks no password hashes, and e-mail addresses only to their owners and moderators", () => {
    expectNoLeaks(api.records);
  });
});

describe.each(engines)("the per-account ceiling of wrong passwords across addresses on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    // 100 by default; a small ceiling keeps the test quick (each wrong password costs a hash).
    t = await createTestApp(engine, { config: { rateLimits: { signInPerAccount: 8 } } });
    api = createApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("slows guessing spread over many addresses: past the ceiling every address waits, and is offered the reset", async () => {
    const { target } = await createCast(t.database.db, { target: { name: "Spread Guess", role: "member" } });
    const signIn = (password: string) =>
      api.post("/api/v2/authenticate/password", { username: "Spread Guess", password }, { ip: uniqueIp() });
    for (let attempt = 1; attempt <= 8; attempt++) expect((await signIn(`wrong ${attempt}`)).statusCode).toBe(401);
    const over = await signIn(target.password);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({
      description: userMessages.tooManySignInsReset,
      actionButton: { label: userMessages.tooManySignInsResetLabel, url: "/entry/passwordrequest" },
    });
  });

  it("forgets the account's wrong passwords once its owner resets the password, and lets the owner in", async () => {
    const { owner } = await createCast(t.database.db, {
      owner: { name: "Held Up", role: "member", email: "held-up@people.test" },
    });
    const signIn = (password: string) =>
      api.post("/api/v2/authenticate/password", { username: "Held Up", password }, { ip: uniqueIp() });
    for (let attempt = 1; attempt <= 8; attempt++) expect((await signIn(`wrong ${attempt}`)).statusCode).toBe(401);
    expect((await signIn(owner.password)).statusCode).toBe(429);

    const requested = await api.post("/api/v2/users/request-password", { email: owner.email }, { ip: uniqueIp() });
    expect(requested.statusCode).toBe(201);
    const { token } = linkIn(mailTo(t.database.dataDir, owner.email).at(-1)!, "passwordreset");
    const reset = await api.post(
      "/api/v2/users/password-reset",
      { token, password: "a brand new password" },
      { ip: uniqueIp() },
    );
    expect(reset.statusCode, reset.body).toBe(201);
    expect((await signIn("a brand new password")).statusCode).toBe(201);
  });
});

describe.each(engines)("GET /users/me for a guest on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the Guest record, uncached", async () => {
    const response = await api.get("/api/v2/users/me");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("no-cache");
    const me = response.json<MeRecord>();
    expect(Value.Check(Me, me)).toBe(true);
    expect(me).toMatchObject({
      userID: 0,
      name: "Guest",
      email: null,
      emailConfirmed: false,
      isAdmin: false,
      countUnreadNotifications: 0,
      countUnreadConversations: 0,
      dateLastActive: null,
      photoUrl: `http://${TEST_HOST}/images/default-avatar.svg`,
    });
    expect(me.roles).toEqual([{ roleID: expect.any(Number) as number, name: "Guest" }]);
    expect(me.roleIDs).toEqual([me.roles[0]!.roleID]);
    expect(me.permissions).toEqual(["discussions.view", "kb.view", "profiles.view"]);
  });

  it("answers empty counters for a guest", async () => {
    const response = await api.get("/api/v2/users/me-counts");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counts: [] });
  });

  it("leaks nothing", () => {
    expectNoLeaks(api.records);
  });
});
