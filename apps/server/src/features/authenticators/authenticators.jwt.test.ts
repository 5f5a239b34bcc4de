import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Authenticator, type Authenticator as AuthenticatorRecord, type SignInButton } from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  cookieOf,
  createApi,
  createCast,
  TEST_HOST,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";
import { expectSchema } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { signInProbes } from "./authenticators.testing.ts";

/*
 * JWT SSO (issue 34): the host site signs a short-lived token, HS256 with a shared secret or RS256 with a key
 * published as a JWKS (served here over real HTTP on a local port), and `/entry/jwt?token=` signs its member in
 * once. Expired, early, stale, foreign, forged and replayed tokens, unknown authenticators and links that would
 * send the browser elsewhere are refused, and make nothing.
 */

const SHARED_SECRET = "a-secret-shared-with-the-host-site-0123456789";

interface JwksServer {
  url: string;
  close(): Promise<void>;
}

/** The host site's public keys at `/jwks.json`, on a local port. */
async function serveJwks(keys: object[]): Promise<JwksServer> {
  const server: Server = createServer((request, response) => {
    if (request.url !== "/jwks.json") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)("JWT SSO on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let jwks: JwksServer;
  let rsaKey: CryptoKey;
  let otherRsaKey: CryptoKey;
  let cast: Record<"admin" | "member" | "existing", TestUser>;
  let admin: Session;
  let hsID: number;
  let rsID: number;
  let tokens = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    const pair = await generateKeyPair("RS256");
    rsaKey = pair.privateKey;
    otherRsaKey = (await generateKeyPair("RS256")).privateKey;
    jwks = await serveJwks([{ ...(await exportJWK(pair.publicKey)), kid: "host-1", alg: "RS256", use: "sig" }]);
    cast = await createCast(t.database.db, {
      admin: { name: "Root", role: "administrator" },
      member: { name: "Plain Member", role: "member" },
      existing: { name: "Existing Host Person", role: "member", email: "existing@host.test" },
    });
    admin = await api.signIn(cast.admin);
    const hs = await api.post(
      "/api/v2/authenticators",
      {
        type: "jwt",
        name: "Host site",
        clientID: "parley-forum",
        secret: SHARED_SECRET,
        signingAlgorithm: "HS256",
        issuer: "https://host.test",
        markVerified: true,
        userMappings: { name: "name", email: "email", photoUrl: "picture", roles: "roles" },
      },
      { as: admin },
    );
    expect(hs.statusCode, hs.body).toBe(201);
    hsID = hs.json<AuthenticatorRecord>().authenticatorID;
    const rs = await api.post(
      "/api/v2/authenticators",
      {
        type: "jwt",
        name: "Keyed host",
        clientID: "parley-keyed",
        signingAlgorithm: "RS256",
        jwksUrl: jwks.url,
        userMappings: { name: "name", email: "email" },
      },
      { as: admin },
    );
    expect(rs.statusCode, rs.body).toBe(201);
    rsID = rs.json<AuthenticatorRecord>().authenticatorID;
  });
  afterAll(async () => {
    await jwks?.close();
    await t?.close();
  });

  const nowSeconds = () => Math.floor(t.clock.nowMs() / 1000);

  /** A member of the host site, new each time unless told. */
  const member = (overrides: JWTPayload = {}): JWTPayload => {
    tokens += 1;
    return {
      sub: `host-user-${tokens}`,
      email: `host${tokens}@host.test`,
      name: `Host Person ${tokens}`,
      ...overrides,
    };
  };

  /** What the host site signs: issued now, valid two minutes, for this forum, with a fresh `jti`. */
  async function hsToken(
    claims: JWTPayload,
    { secret = SHARED_SECRET, audience = "parley-forum", issuer = "https://host.test", iat = nowSeconds() } = {},
    options: { jti?: boolean; exp?: number; nbf?: number } = {},
  ) {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setAudience(audience)
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(options.exp ?? iat + 120);
    if (options.jti !== false) jwt = jwt.setJti(`jti-${tokens}-${Math.random()}`);
    if (options.nbf !== undefined) jwt = jwt.setNotBefore(options.nbf);
    return jwt.sign(new TextEncoder().encode(secret));
  }

  async function rsToken(claims: JWTPayload, key = rsaKey, audience = "parley-keyed") {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "host-1" })
      .setAudience(audience)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 120)
      .setJti(`rs-${Math.random()}`)
      .sign(key);
  }

  const enter = (query: Record<string, string>) =>
    t.app.inject({
      method: "GET",
      url: `/entry/jwt?${new URLSearchParams(query).toString()}`,
      headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp() },
    });

  const { meOf, usersWithEmail, rolesOf, expectRefused } = signInProbes(() => t);

  describe("configuring a JWT authenticator", () => {
    it("is a type one may add; its secret is never answered and it has no sign-in button", async () => {
      const types = await api.get("/api/v2/authenticator-types", { as: admin });
      expect(types.json()).toContainEqual({ authenticatorType: "jwt", name: "JWT (signed by the host site)" });
      const one = await api.get(`/api/v2/authenticators/${hsID}`, { as: admin });
      expect(one.statusCode).toBe(200);
      expectSchema(Authenticator, one.json());
      expect(one.json()).toMatchObject({
        type: "jwt",
        isOidc: false,
        hasSecret: true,
        signingAlgorithm: "HS256",
        clientID: "parley-forum",
      });
      expect(one.json<AuthenticatorRecord>().urls.signInUrl).toMatch(
        new RegExp(`/entry/jwt\\?authenticatorID=${hsID}$`),
      );
      expect(one.body).not.toContain(SHARED_SECRET);
      expect((await api.get("/api/v2/authenticators", { as: admin })).body).not.toContain(SHARED_SECRET);
      const buttons = (await api.get("/api/v2/authenticators/sign-in-buttons")).json<SignInButton[]>();
      expect(buttons.map((button) => button.authenticatorID)).not.toContain(hsID);
    });

    it("refuses a short shared secret, RS256 without a usable JWKS address, and members", async () => {
      const base = { type: "jwt", name: "Bad", clientID: "bad" };
      const short = await api.post("/api/v2/authenticators", { ...base, secret: "too-short" }, { as: admin });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ errors: [{ field: "secret", code: "jwtSecretShort" }] });
      const noKeys = await api.post("/api/v2/authenticators", { ...base, signingAlgorithm: "RS256" }, { as: admin });
      expect(noKeys.json()).toMatchObject({ errors: [{ field: "jwksUrl", code: "jwksRequired" }] });
      const plainHttp = await api.post(
        "/api/v2/authenticators",
        { ...base, signingAlgorithm: "RS256", jwksUrl: "http://keys.example.com/jwks.json" },
        { as: admin },
      );
      expect(plainHttp.statusCode).toBe(400);
      const asMember = await api.signIn(cast.member);
      const refused = await api.post("/api/v2/authenticators", { ...base, secret: SHARED_SECRET }, { as: asMember });
      expect(refused.statusCode).toBe(403);
      const list = (await api.get("/api/v2/authenticators", { as: admin })).json<AuthenticatorRecord[]>();
      expect(list.map((item) => item.name)).not.toContain("Bad");
    });
  });

  describe("signing in with a token", () => {
    it("makes the account on a good HS256 token, with the mapped roles, and returns to the target", async () => {
      const claims = member({ roles: ["Moderator", "No Such Role"], picture: "https://host.test/me.png" });
      const response = await enter({ token: await hsToken(claims), target: "/categories?x=1" });
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toBe("/categories?x=1");
      expect(response.headers["cache-control"]).toBe("no-store");
      const me = await meOf(cookieOf(response.headers["set-cookie"])!);
      expect(me.name).toBe(claims["name"]);
      expect(me.photoUrl).toBe("https://host.test/me.png");
      expect((await usersWithEmail(String(claims["email"]))).map((row) => row.userID)).toEqual([me.userID]);
      expect(await rolesOf(me.userID)).toEqual(["Moderator"]);

      // A later token for the same member signs the same account in, its roles as the host now says.
      const again = await enter({ token: await hsToken({ ...claims, roles: "Member" }) });
      expect(again.headers.location).toBe("/");
      expect((await meOf(cookieOf(again.headers["set-cookie"])!)).userID).toBe(me.userID);
      expect(await rolesOf(me.userID)).toEqual(["Member"]);
    });

    it("links to the account with the same confirmed address when the authenticator trusts the host's", async () => {
      const claims = member({ email: "existing@host.test", email_verified: true });
      const response = await enter({ token: await hsToken(claims) });
      expect(response.statusCode).toBe(303);
      expect((await meOf(cookieOf(response.headers["set-cookie"])!)).userID).toBe(cast.existing.userID);
      expect((await usersWithEmail("existing@host.test")).length).toBe(1);
    });

    it("signs in with an RS256 token whose key it reads from the host's JWKS", async () => {
      const claims = member();
      const response = await enter({ token: await rsToken(claims), authenticatorID: String(rsID) });
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toBe("/");
      expect((await meOf(cookieOf(response.headers["set-cookie"])!)).name).toBe(claims["name"]);
      // Without the authenticator's ID the token's audience picks it.
      const second = member();
      const byAudience = await enter({ token: await rsToken(second) });
      expect(cookieOf(byAudience.headers["set-cookie"])).toBeTruthy();
      expect((await usersWithEmail(String(second["email"]))).length).toBe(1);
    });

    it("refuses a replayed token, with or without a jti, and makes one account", async () => {
      const claims = member();
      const token = await hsToken(claims);
      expect(cookieOf((await enter({ token })).headers["set-cookie"])).toBeTruthy();
      await expectRefused(await enter({ token }), "used");
      const bare = member();
      const noJti = await hsToken(bare, {}, { jti: false });
      expect(cookieOf((await enter({ token: noJti })).headers["set-cookie"])).toBeTruthy();
      await expectRefused(await enter({ token: noJti }), "used");
      expect((await usersWithEmail(String(claims["email"]))).length).toBe(1);
      expect((await usersWithEmail(String(bare["email"]))).length).toBe(1);
      // The use is kept in the database, whichever process is asked next.
      const uses = await t.database.db.selectFrom("authenticatorJwtUses").select("tokenHash").execute();
      expect(uses.length).toBeGreaterThanOrEqual(2);
    });

    it("refuses an expired token, one not valid yet, one issued too long ago and one issued in the future", async () => {
      const expired = member();
      const iat = nowSeconds() - 600;
      await expectRefused(
        await enter({ token: await hsToken(expired, { iat }, { exp: iat + 120 }) }),
        "expired",
        expired["email"],
      );
      const early = member();
      await expectRefused(
        await enter({ token: await hsToken(early, {}, { nbf: nowSeconds() + 600, exp: nowSeconds() + 900 }) }),
        "expired",
        early["email"],
      );
      const stale = member();
      const old = nowSeconds() - 3600;
      await expectRefused(
        await enter({ token: await hsToken(stale, { iat: old }, { exp: old + 86_400 }) }),
        "expired",
        stale["email"],
      );
      const future = member();
      const ahead = nowSeconds() + 600;
      await expectRefused(
        await enter({ token: await hsToken(future, { iat: ahead }, { exp: ahead + 120 }) }),
        "expired",
        future["email"],
      );
      // A token valid on the host's clock is refused once the forum's clock passes its expiry.
      const later = member();
      const token = await hsToken(later);
      t.clock.advance(10 * 60_000);
      await expectRefused(await enter({ token }), "expired", later["email"]);
    });

    it("refuses a wrong audience, a wrong issuer, a wrong signature and a forged RS256 key", async () => {
      const foreign = member();
      await expectRefused(
        await enter({ token: await hsToken(foreign, { audience: "another-forum" }), authenticatorID: String(hsID) }),
        "token",
        foreign["email"],
      );
      const otherIssuer = member();
      await expectRefused(
        await enter({ token: await hsToken(otherIssuer, { issuer: "https://evil.test" }) }),
        "token",
        otherIssuer["email"],
      );
      const forged = member();
      await expectRefused(
        await enter({ token: await hsToken(forged, { secret: "another-secret-of-enough-length-0123456789" }) }),
        "token",
        forged["email"],
      );
      const wrongKey = member();
      await expectRefused(
        await enter({ token: await rsToken(wrongKey, otherRsaKey), authenticatorID: String(rsID) }),
        "token",
        wrongKey["email"],
      );
      // An HS256 token signed with the public key's text is not accepted by an RS256 authenticator.
      const confused = member();
      await expectRefused(
        await enter({
          token: await hsToken(confused, { audience: "parley-keyed", secret: jwks.url.padEnd(40, "x") }),
          authenticatorID: String(rsID),
        }),
        "token",
        confused["email"],
      );
      await expectRefused(await enter({ token: "not.a.token", authenticatorID: String(hsID) }), "token");
      await expectRefused(await enter({}), "token");
    });

    it("refuses an unknown or inactive authenticator", async () => {
      const unknown = member();
      await expectRefused(
        await enter({ token: await hsToken(unknown), authenticatorID: "999" }),
        "disabled",
        unknown["email"],
      );
      await api.patch(`/api/v2/authenticators/${hsID}`, { active: false }, { as: admin });
      try {
        const inactive = member();
        await expectRefused(
          await enter({ token: await hsToken(inactive), authenticatorID: String(hsID) }),
          "disabled",
          inactive["email"],
        );
      } finally {
        await api.patch(`/api/v2/authenticators/${hsID}`, { active: true }, { as: admin });
      }
    });

    it("refuses a link whose target is another site, before the token is spent", async () => {
      for (const target of ["https://evil.test/", "//evil.test/x", "/\\evil.test", "javascript:alert(1)"]) {
        const claims = member();
        const token = await hsToken(claims);
        await expectRefused(await enter({ token, target }), "target", claims["email"]);
      }
      const claims = member();
      const token = await hsToken(claims);
      await expectRefused(await enter({ token, target: "https://evil.test/" }), "target");
      expect(cookieOf((await enter({ token, target: "/" })).headers["set-cookie"])).toBeTruthy();
    });

    it("makes no account while registration is closed", async () => {
      await api.patch("/api/v2/config", { "registration.method": "closed" }, { as: admin });
      try {
        const claims = member();
        await expectRefused(await enter({ token: await hsToken(claims) }), "closed", claims["email"]);
      } finally {
        await api.patch("/api/v2/config", { "registration.method": "basic" }, { as: admin });
      }
    });
  });
});
