import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Authenticator } from "@parley/contracts";
import { EMBED_SESSION_COOKIE, SESSION_COOKIE } from "../../platform/auth/sessions.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  cookieOf,
  createApi,
  createCast,
  TEST_HOST,
  TEST_ORIGIN,
  uniqueIp,
  type Api,
  type TestUser,
} from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { EMBED_FRAME_COOKIE } from "./embed.sessions.ts";

/*
 * Sessions in the frame of a host page on another site (issue 34): with `embed.crossSiteSessions`, the JWT
 * landing the embed element opens and a sign-in inside the frame set the partitioned `SameSite=None` cookie; a
 * top-level sign-in keeps `SameSite=Lax`. The partitioned cookie is the session when it comes, CSRF holds for
 * it, and signing out clears it.
 */

const SECRET = "a-secret-shared-with-the-embedding-host-0123456789";
/** A page load in the frame of a host page on another site. */
const FRAME = { "sec-fetch-dest": "iframe", "sec-fetch-mode": "navigate", "sec-fetch-site": "cross-site" };

const setCookies = (header: string | string[] | undefined) => (Array.isArray(header) ? header : header ? [header] : []);
const attributesOf = (header: string | string[] | undefined, name: string) =>
  setCookies(header)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase())
    .sort();

/** Each setting that, off, withholds the frame's sessions. */
const withholding = [
  { "embed.crossSiteSessions": false },
  { "embed.enabled": false },
  { "embed.remoteUrl": "" },
] as const;

describe.each(engines)("embed frame sessions on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let cast: Record<"admin" | "member", TestUser>;
  let issued = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    cast = await createCast(t.database.db, {
      admin: { name: "Embed Admin", role: "administrator" },
      member: { name: "Framed Member", role: "member" },
    });
    const admin = await api.signIn(cast.admin);
    const created = await api.post(
      "/api/v2/authenticators",
      {
        type: "jwt",
        name: "Host on another site",
        clientID: "parley-embed",
        secret: SECRET,
        signingAlgorithm: "HS256",
        userMappings: { name: "name", email: "email" },
      },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Authenticator>().type).toBe("jwt");
  });
  afterAll(async () => {
    await t?.close();
  });
  /** Embedding a host on another site, with the frame's sessions allowed. */
  const allowFrameSessions = () =>
    t.app.platform.siteConfig.setMany({
      "embed.enabled": true,
      "embed.remoteUrl": "https://host.example.org/community",
      "embed.crossSiteSessions": true,
    });
  beforeEach(allowFrameSessions);

  const token = async (claims: Record<string, string> = {}) => {
    issued += 1;
    const now = Math.floor(t.clock.nowMs() / 1000);
    return new SignJWT({
      sub: `visitor-${issued}`,
      name: `Visitor ${issued}`,
      email: `visitor${issued}@host.test`,
      ...claims,
    })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("parley-embed")
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .setJti(`embed-${issued}`)
      .sign(new TextEncoder().encode(SECRET));
  };

  /** The embed element's frame opening the JWT landing (or a top-level tab, without the frame's headers). */
  const land = async (headers: Record<string, string>, claims: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url: `/entry/jwt?${new URLSearchParams({ token: await token(claims), target: "/discussions" }).toString()}`,
      headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp(), ...headers },
    });

  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/v2/users/me", headers: { host: TEST_HOST, cookie } })).json<{
      userID: number;
    }>().userID;

  it("signs the JWT landing in a frame in with the partitioned cookie, a top-level one with the Lax cookie", async () => {
    const framed = await land(FRAME);
    expect(framed.statusCode).toBe(303);
    expect(framed.headers.location).toBe("/discussions");
    expect(cookieOf(framed.headers["set-cookie"], SESSION_COOKIE)).toBeNull();
    expect(attributesOf(framed.headers["set-cookie"], EMBED_SESSION_COOKIE)).toEqual(
      ["httponly", "partitioned", "path=/", "samesite=none", "secure"].sort(),
    );
    const embedded = cookieOf(framed.headers["set-cookie"], EMBED_SESSION_COOKIE)!;
    expect(await me(embedded)).toBeGreaterThan(0);

    const topLevel = await land({ "sec-fetch-dest": "document", "sec-fetch-site": "cross-site" });
    expect(cookieOf(topLevel.headers["set-cookie"], EMBED_SESSION_COOKIE)).toBeNull();
    const attributes = attributesOf(topLevel.headers["set-cookie"], SESSION_COOKIE);
    expect(attributes).toContain("samesite=lax");
    expect(attributes).not.toContain("partitioned");
  });

  it("keeps the connect page's cookie in the frame's partition too (a first sign-in whose name is taken)", async () => {
    const framed = await land(FRAME, { name: cast.member.name });
    expect(framed.headers.location).toBe("/entry/connect");
    expect(attributesOf(framed.headers["set-cookie"], "parley_connect")).toEqual(
      expect.arrayContaining(["partitioned", "samesite=none", "secure"]),
    );
    const topLevel = await land({}, { name: cast.member.name });
    expect(attributesOf(topLevel.headers["set-cookie"], "parley_connect")).toContain("samesite=lax");
  });

  it("keeps the Lax cookie in frames unless the site allows cross-site sessions and embedding", async () => {
    for (const settings of withholding) {
      await t.app.platform.siteConfig.setMany(settings);
      const framed = await land(FRAME);
      expect(cookieOf(framed.headers["set-cookie"], EMBED_SESSION_COOKIE), JSON.stringify(settings)).toBeNull();
      expect(cookieOf(framed.headers["set-cookie"], SESSION_COOKIE)).not.toBeNull();
      await allowFrameSessions();
    }
  });

  it("keeps the Lax cookie in a frame of a host on the forum's own site", async () => {
    const framed = await land({ ...FRAME, "sec-fetch-site": "same-site" });
    expect(cookieOf(framed.headers["set-cookie"], EMBED_SESSION_COOKIE)).toBeNull();
    expect(cookieOf(framed.headers["set-cookie"], EMBED_FRAME_COOKIE)).toBeNull();
    expect(attributesOf(framed.headers["set-cookie"], SESSION_COOKIE)).toContain("samesite=lax");
  });

  it("never takes the partitioned cookie as a session once the site's setup no longer allows it", async () => {
    const framed = await land(FRAME);
    const cookie = cookieOf(framed.headers["set-cookie"], EMBED_SESSION_COOKIE)!;
    expect(await me(cookie)).toBeGreaterThan(0);
    for (const settings of withholding) {
      await t.app.platform.siteConfig.setMany(settings);
      const answer = await t.app.inject({
        method: "GET",
        url: "/api/v2/users/me",
        headers: { host: TEST_HOST, cookie, ...FRAME },
      });
      expect(answer.json<{ userID: number }>().userID, JSON.stringify(settings)).toBe(0);
      // Dropped with its own attributes, and no marker handed out.
      const cleared = setCookies(answer.headers["set-cookie"]).find((line) =>
        line.startsWith(`${EMBED_SESSION_COOKIE}=;`),
      );
      expect(cleared?.toLowerCase()).toMatch(/partitioned/);
      expect(cookieOf(answer.headers["set-cookie"], EMBED_FRAME_COOKIE)).toBeNull();
      await allowFrameSessions();
    }
    // Allowed again: the session was not ended (the browser had dropped the cookie).
    expect(await me(cookie)).toBeGreaterThan(0);
  });

  it("gives a sign-in with JavaScript inside the frame the partitioned cookie, through the frame's marker", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/v2/users/me", headers: { host: TEST_HOST, ...FRAME } });
    expect(attributesOf(page.headers["set-cookie"], EMBED_FRAME_COOKIE)).toContain("partitioned");
    const marker = cookieOf(page.headers["set-cookie"], EMBED_FRAME_COOKIE)!;
    const signIn = (cookie?: string) =>
      api.post(
        "/api/v2/authenticate/password",
        { username: cast.member.name, password: cast.member.password },
        { ip: uniqueIp(), headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } },
      );
    const inFrame = await signIn(marker);
    expect(inFrame.statusCode, inFrame.body).toBe(201);
    expect(cookieOf(inFrame.headers["set-cookie"], SESSION_COOKIE)).toBeNull();
    expect(attributesOf(inFrame.headers["set-cookie"], EMBED_SESSION_COOKIE)).toContain("samesite=none");
    const topLevel = await signIn();
    expect(cookieOf(topLevel.headers["set-cookie"], EMBED_SESSION_COOKIE)).toBeNull();
    expect(attributesOf(topLevel.headers["set-cookie"], SESSION_COOKIE)).toContain("samesite=lax");
  });

  it("takes the partitioned cookie as the session, holds CSRF for it, and clears it on sign-out", async () => {
    const signedIn = await api.post(
      "/api/v2/authenticate/password",
      { username: cast.member.name, password: cast.member.password },
      { ip: uniqueIp(), headers: { origin: TEST_ORIGIN, ...FRAME } },
    );
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const cookie = cookieOf(signedIn.headers["set-cookie"], EMBED_SESSION_COOKIE)!;
    const { transientKey } = signedIn.json<{ transientKey: string }>();
    expect(await me(cookie)).toBe(cast.member.userID);
    const signOut = (headers: Record<string, string>) =>
      t.app.inject({ method: "DELETE", url: "/api/v2/authenticate", headers: { host: TEST_HOST, cookie, ...headers } });

    // Another site's form or script (the host's page too), a request that says nothing of where it comes from,
    // and one from the site without the key.
    const key = { "x-transient-key": transientKey };
    expect((await signOut({ origin: "https://host.example.org", ...key })).statusCode).toBe(403);
    expect((await signOut({ "sec-fetch-site": "cross-site", ...key })).statusCode).toBe(403);
    expect((await signOut(key)).statusCode).toBe(403);
    expect((await signOut({ origin: TEST_ORIGIN })).statusCode).toBe(403);
    expect(await me(cookie)).toBe(cast.member.userID);

    const out = await signOut({ origin: TEST_ORIGIN, ...key });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const cleared = setCookies(out.headers["set-cookie"]).find((line) => line.startsWith(`${EMBED_SESSION_COOKIE}=;`));
    expect(cleared?.toLowerCase()).toMatch(/partitioned/);
    expect(cleared?.toLowerCase()).toMatch(/samesite=none/);
    expect(await me(cookie)).toBe(0);
  });

  it("lets the top-level session's CSRF rules be (no Sec-Fetch-Site needed), and signs out only what came", async () => {
    const signedIn = await api.post(
      "/api/v2/authenticate/password",
      { username: cast.member.name, password: cast.member.password },
      { ip: uniqueIp(), headers: { origin: TEST_ORIGIN } },
    );
    const cookie = cookieOf(signedIn.headers["set-cookie"], SESSION_COOKIE)!;
    const { transientKey } = signedIn.json<{ transientKey: string }>();
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/v2/authenticate",
      headers: { host: TEST_HOST, cookie, "x-transient-key": transientKey },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const cleared = setCookies(out.headers["set-cookie"]);
    expect(cleared.some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(cleared.some((line) => line.startsWith(`${EMBED_SESSION_COOKIE}=`))).toBe(false);
    expect(await me(cookie)).toBe(0);
  });

  it("signs both sessions out when a request carries both cookies, so the other does not take over", async () => {
    const lax = cookieOf((await land({})).headers["set-cookie"], SESSION_COOKIE)!;
    const framed = await api.post(
      "/api/v2/authenticate/password",
      { username: cast.member.name, password: cast.member.password },
      { ip: uniqueIp(), headers: { origin: TEST_ORIGIN, ...FRAME } },
    );
    const embedded = cookieOf(framed.headers["set-cookie"], EMBED_SESSION_COOKIE)!;
    const { transientKey } = framed.json<{ transientKey: string }>();
    const both = `${lax}; ${embedded}`;
    expect(await me(both)).toBe(cast.member.userID);
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/v2/authenticate",
      headers: { host: TEST_HOST, cookie: both, origin: TEST_ORIGIN, "x-transient-key": transientKey },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect(await me(lax)).toBe(0);
    expect(await me(embedded)).toBe(0);
  });
});
