import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Authenticator,
  authenticatorMessages,
  OAuth2Authenticator,
  type Authenticator as AuthenticatorRecord,
  type OAuth2Authenticator as OAuth2Record,
  type SignInButton,
} from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  cookieOf,
  createApi,
  createCast,
  TEST_HOST,
  TEST_ORIGIN,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";
import { expectSchema } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { startTestProvider, type ProviderAccount, type TestProvider } from "../../test/oidc-provider.ts";
import { claimsOf, valueAt } from "./authenticators.oauth2.ts";
import type { AuthenticatorRow } from "./authenticators.repo.ts";
import { callbackUris, signInProbes } from "./authenticators.testing.ts";

/*
 * OAuth 2 authenticators (issue 36, Vanilla's `/authenticators/oauth2`): the settings for site managers, the
 * secret never answered, and a whole sign-in through node-oidc-provider used as a plain OAuth 2 provider: its
 * authorization, token and userinfo addresses configured by hand (no discovery, no ID token read), the profile's
 * keys mapped (a dotted path among them), the client authenticated by HTTP Basic or in the body.
 */

describe.each(engines)("OAuth 2 authenticators on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let provider: TestProvider;
  let cast: Record<"admin" | "member", TestUser>;
  let admin: Session;
  let member: Session;
  let basicID: number;
  let postID: number;
  let accounts = 0;

  const bodyFor = (clientID: string, overrides: Record<string, unknown> = {}) => ({
    name: "Plain OAuth",
    clientID,
    secret: provider.secret,
    urls: {
      authenticateUrl: `${provider.issuer}/auth`,
      tokenUrl: `${provider.issuer}/token`,
      profileUrl: `${provider.issuer}/me`,
    },
    // node-oidc-provider's userinfo wants `openid`; the forum reads no ID token for all that.
    authenticationRequest: { scope: "openid email profile", prompt: "consent" },
    userMappings: { uniqueID: "details.id", name: "details.handle", email: "email", photoUrl: "picture" },
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    provider = await startTestProvider({ redirectUris: callbackUris });
    // The test provider is on 127.0.0.1: the server asks it only because its host is allowed.
    await t.app.platform.siteConfig.set("authenticators.allowedHosts", "127.0.0.1");
    cast = await createCast(t.database.db, {
      admin: { name: "Root", role: "administrator" },
      member: { name: "Plain Member", role: "member" },
    });
    admin = await api.signIn(cast.admin);
    member = await api.signIn(cast.member);
    const basic = await api.post("/api/v2/authenticators/oauth2", bodyFor(provider.clientID), { as: admin });
    expect(basic.statusCode, basic.body).toBe(201);
    basicID = basic.json<OAuth2Record>().authenticatorID;
    const post = await api.post(
      "/api/v2/authenticators/oauth2",
      bodyFor(provider.postClientID, { name: "Posting OAuth", useBasicAuthToken: false }),
      { as: admin },
    );
    expect(post.statusCode, post.body).toBe(201);
    postID = post.json<OAuth2Record>().authenticatorID;
  });
  afterAll(async () => {
    await provider?.close();
    await t?.close();
  });

  const newAccount = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
    accounts += 1;
    return {
      sub: `oauth-user-${accounts}`,
      email: `oauth${accounts}@provider.test`,
      email_verified: false,
      preferred_username: `not-this-name-${accounts}`,
      picture: `https://id.example/oauth${accounts}.png`,
      details: { id: 7000 + accounts, handle: `OAuth Person ${accounts}` },
      ...overrides,
    };
  };

  /** The browser at the provider: follows its redirects (with its cookies) until it is sent back to the forum. */
  async function atProvider(url: string): Promise<string> {
    const jar = new Map<string, string>();
    let next = url;
    for (let step = 0; step < 12; step += 1) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const response = await fetch(next, { redirect: "manual", headers: cookie ? { cookie } : {} });
      for (const header of response.headers.getSetCookie()) {
        const [name, ...value] = header.split(";")[0]!.split("=");
        jar.set(name!, value.join("="));
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
      next = new URL(location, next).href;
      if (next.startsWith(TEST_ORIGIN)) return next;
    }
    throw new Error("The provider never sent the browser back.");
  }

  async function begin(account: ProviderAccount, id = basicID) {
    provider.signInAs(account);
    const start = await t.app.inject({
      method: "GET",
      url: `/entry/oidc/${id}?target=/categories`,
      headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp() },
    });
    expect(start.statusCode, start.body).toBe(303);
    const authorization = new URL(String(start.headers.location));
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("prompt")).toBe("consent");
    expect(authorization.searchParams.get("nonce")).toBeNull();
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/entry/oidc/${id}/callback`);
    const browserCookie = cookieOf(start.headers["set-cookie"], "parley_sso")!;
    expect(browserCookie).toBeTruthy();
    return { callbackUrl: await atProvider(authorization.href), browserCookie };
  }

  const finish = (flow: { callbackUrl: string; browserCookie: string }, url = flow.callbackUrl) => {
    const target = new URL(url);
    return t.app.inject({
      method: "GET",
      url: target.pathname + target.search,
      headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp(), cookie: flow.browserCookie },
    });
  };

  const { meOf, usersWithEmail, expectRefused } = signInProbes(() => t);

  describe("managing OAuth 2 authenticators", () => {
    it("is for site managers only: members and guests are refused every call", async () => {
      for (const who of [member, null]) {
        expect((await api.get(`/api/v2/authenticators/oauth2/${basicID}`, { as: who })).statusCode).toBe(403);
        const post = await api.post("/api/v2/authenticators/oauth2", bodyFor("someone"), { as: who });
        expect(post.statusCode).toBe(403);
        const patch = await api.patch(`/api/v2/authenticators/oauth2/${basicID}`, { name: "X" }, { as: who });
        expect(patch.statusCode).toBe(403);
      }
      expect((await api.get(`/api/v2/authenticators/oauth2/${basicID}`, { as: admin })).statusCode).toBe(200);
    });

    it("adds, reads and changes one, lists it among the others with type oauth2, and never answers its secret", async () => {
      const secret = "oauth-secret-value-4711";
      const created = await api.post(
        "/api/v2/authenticators/oauth2",
        bodyFor("company", { name: "Company OAuth", secret, buttonLabel: "Company", default: true }),
        { as: admin },
      );
      expect(created.statusCode, created.body).toBe(201);
      expectSchema(OAuth2Authenticator, created.json());
      const record = created.json<OAuth2Record>();
      const id = record.authenticatorID;
      expect(record).toMatchObject({
        type: "oauth2",
        isOidc: false,
        hasSecret: true,
        default: true,
        useBearerToken: true,
        useBasicAuthToken: true,
        postProfileRequest: false,
        authenticationRequest: { scope: "openid email profile", prompt: "consent" },
        userMappings: { uniqueID: "details.id", name: "details.handle", fullName: "name", roles: "" },
        urls: {
          tokenUrl: `${provider.issuer}/token`,
          signInUrl: `${TEST_ORIGIN}/entry/oidc/${id}`,
          redirectUrl: `${TEST_ORIGIN}/entry/oidc/${id}/callback`,
        },
      });

      const patched = await api.patch(
        `/api/v2/authenticators/oauth2/${id}`,
        {
          secret: "another-secret-0815",
          urls: { profileUrl: "https://id.company.example/api/me" },
          authenticationRequest: { prompt: "" },
          userMappings: { roles: "details.groups" },
          postProfileRequest: true,
        },
        { as: admin },
      );
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<OAuth2Record>()).toMatchObject({
        name: "Company OAuth",
        postProfileRequest: true,
        authenticationRequest: { scope: "openid email profile", prompt: "" },
        userMappings: { uniqueID: "details.id", roles: "details.groups" },
        urls: { tokenUrl: `${provider.issuer}/token`, profileUrl: "https://id.company.example/api/me" },
      });
      const one = await api.get(`/api/v2/authenticators/oauth2/${id}`, { as: admin });
      const list = await api.get("/api/v2/authenticators?type=oauth2", { as: admin });
      expect(list.statusCode).toBe(200);
      const listed = list.json<AuthenticatorRecord[]>();
      expect(listed.map((row) => row.authenticatorID)).toEqual([basicID, postID, id]);
      for (const row of listed) expectSchema(Authenticator, row);
      expect(listed[2]).toMatchObject({
        type: "oauth2",
        urls: { authenticateUrl: `${provider.issuer}/auth`, profileUrl: "https://id.company.example/api/me" },
      });
      const buttons = await api.get("/api/v2/authenticators/sign-in-buttons");
      expect(buttons.json<SignInButton[]>()[0]).toEqual({
        authenticatorID: id,
        label: "Company",
        url: `/entry/oidc/${id}`,
        default: true,
      });
      for (const response of [created, patched, one, list, buttons]) {
        expect(response.body).not.toContain(secret);
        expect(response.body).not.toContain("another-secret-0815");
        expect(response.body).not.toContain(provider.secret);
        expect(response.body).not.toMatch(/"secret"/u);
      }
      // The generic routes serve it too: a change of its name, then its removal.
      const renamed = await api.patch(`/api/v2/authenticators/${id}`, { name: "Renamed" }, { as: admin });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await api.delete(`/api/v2/authenticators/${id}`, { as: admin })).statusCode).toBe(204);
      expect((await api.get(`/api/v2/authenticators/oauth2/${id}`, { as: admin })).statusCode).toBe(404);
    });

    it("refuses bad input field by field, and changes nothing", async () => {
      const insecure = await api.post(
        "/api/v2/authenticators/oauth2",
        bodyFor("c", {
          urls: {
            authenticateUrl: "http://id.example/auth",
            tokenUrl: "ftp://id.example/token",
            profileUrl: `${provider.issuer}/me`,
          },
        }),
        { as: admin },
      );
      expect(insecure.statusCode).toBe(422);
      expect(insecure.json()).toMatchObject({
        errors: [
          {
            field: "urls.authenticateUrl",
            code: "oauth2UrlRequired",
            message: authenticatorMessages.oauth2UrlRequired,
          },
          { field: "urls.tokenUrl", code: "oauth2UrlRequired" },
        ],
      });
      const noSecret = await api.post("/api/v2/authenticators/oauth2", bodyFor("c", { secret: undefined }), {
        as: admin,
      });
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json()).toMatchObject({ errors: [{ field: "secret" }] });
      const notUrl = await api.post(
        "/api/v2/authenticators/oauth2",
        bodyFor("c", { urls: { authenticateUrl: "not an address", tokenUrl: "x", profileUrl: "y" } }),
        { as: admin },
      );
      expect(notUrl.statusCode).toBeGreaterThanOrEqual(400);
      expect(notUrl.statusCode).toBeLessThan(500);
      const wrongType = await api.post("/api/v2/authenticators/oauth2", bodyFor("c", { useBearerToken: "yes" }), {
        as: admin,
      });
      expect(wrongType.statusCode).toBe(422);
      // A field outside the schema is not written (an OpenID Connect issuer, a JWT's keys).
      const stranger = await api.patch(
        `/api/v2/authenticators/oauth2/${basicID}`,
        { issuer: "https://x.example", jwksUrl: "https://x.example/keys" },
        { as: admin },
      );
      expect(stranger.statusCode).toBeLessThan(500);
      const kept = await t.database.db
        .selectFrom("authenticators")
        .select(["issuer", "jwksUrl"])
        .where("authenticatorID", "=", basicID)
        .executeTakeFirstOrThrow();
      expect(kept).toEqual({ issuer: "", jwksUrl: "" });
      const badPatch = await api.patch(
        `/api/v2/authenticators/oauth2/${basicID}`,
        { name: "Half written", urls: { profileUrl: "http://intranet.example/me" } },
        { as: admin },
      );
      expect(badPatch.statusCode).toBe(422);
      expect(badPatch.json()).toMatchObject({ errors: [{ field: "urls.profileUrl" }] });
      const after = (await api.get(`/api/v2/authenticators/oauth2/${basicID}`, { as: admin })).json<OAuth2Record>();
      expect(after.name).toBe("Plain OAuth");
      expect(after.urls.profileUrl).toBe(`${provider.issuer}/me`);
      const list = (await api.get("/api/v2/authenticators", { as: admin })).json<AuthenticatorRecord[]>();
      expect(list.map((row) => row.authenticatorID)).toEqual([basicID, postID]);
      expect((await api.get("/api/v2/authenticators/oauth2/999", { as: admin })).statusCode).toBe(404);
    });
  });

  describe("signing in with a plain OAuth 2 provider", () => {
    for (const [how, id] of [
      ["HTTP Basic", () => basicID],
      ["the secret in the body", () => postID],
    ] as const) {
      it(`makes an account from the mapped profile and signs it in (client authenticated by ${how})`, async () => {
        const account = newAccount();
        const response = await finish(await begin(account, id()));
        expect(response.statusCode, response.body).toBe(303);
        expect(response.headers.location).toBe("/categories");
        const session = cookieOf(response.headers["set-cookie"]);
        expect(session).toBeTruthy();
        const me = await meOf(session!);
        expect(me.name).toBe(account.details!["handle"]);
        expect(me.photoUrl).toBe(account.picture);
        const [row] = await usersWithEmail(account.email);
        expect(row?.userID).toBe(me.userID);
        const link = await t.database.db
          .selectFrom("userAuthentications")
          .select("subject")
          .where("userID", "=", me.userID)
          .executeTakeFirst();
        expect(link?.subject).toBe(String(account.details!["id"]));

        // The next sign-in finds the same account by the profile's ID, and makes no other.
        const again = await finish(await begin({ ...account, email: "changed@provider.test" }, id()));
        expect(again.statusCode).toBe(303);
        expect((await meOf(cookieOf(again.headers["set-cookie"])!)).userID).toBe(me.userID);
        expect(await usersWithEmail("changed@provider.test")).toEqual([]);
      });
    }

    it("refuses a wrong state, and a replayed callback", async () => {
      const account = newAccount();
      const flow = await begin(account);
      const url = new URL(flow.callbackUrl);
      url.searchParams.set("state", "forged-state");
      await expectRefused(await finish(flow, url.href), "state", account.email);
      // The genuine state still works once, then never again.
      expect((await finish(flow)).headers.location).toBe("/categories");
      await expectRefused(await finish(flow), "state");
    });

    it("refuses when the provider refuses the code: back to the sign-in page with ssoError=provider", async () => {
      const account = newAccount();
      const flow = await begin(account);
      const url = new URL(flow.callbackUrl);
      url.searchParams.set("code", "not-a-code-the-provider-gave");
      await expectRefused(await finish(flow, url.href), "provider", account.email);
      // A wrong secret: the token address answers invalid_client.
      await api.patch(`/api/v2/authenticators/oauth2/${basicID}`, { secret: "wrong-secret" }, { as: admin });
      try {
        const other = newAccount();
        await expectRefused(await finish(await begin(other)), "provider", other.email);
      } finally {
        await api.patch(`/api/v2/authenticators/oauth2/${basicID}`, { secret: provider.secret }, { as: admin });
      }
    });

    it("never asks a private or loopback address unless its host is allowed (authenticators.allowedHosts)", async () => {
      await t.app.platform.siteConfig.set("authenticators.allowedHosts", "");
      try {
        const account = newAccount();
        await expectRefused(await finish(await begin(account)), "provider", account.email);
      } finally {
        await t.app.platform.siteConfig.set("authenticators.allowedHosts", "127.0.0.1");
      }
      // A private address on https is refused before any connection, allowed hosts or not.
      for (const tokenUrl of ["https://10.0.0.1/token", "https://192.168.1.5/token", "https://[::1]/token"]) {
        const saved = await api.patch(
          `/api/v2/authenticators/oauth2/${basicID}`,
          { urls: { tokenUrl } },
          { as: admin },
        );
        expect(saved.statusCode, saved.body).toBe(200);
        const account = newAccount();
        await expectRefused(await finish(await begin(account)), "provider", account.email);
      }
      await api.patch(
        `/api/v2/authenticators/oauth2/${basicID}`,
        { urls: { tokenUrl: `${provider.issuer}/token` } },
        { as: admin },
      );
      const account = newAccount();
      expect((await finish(await begin(account))).statusCode).toBe(303);
      expect(await usersWithEmail(account.email)).toHaveLength(1);
    });

    it("refuses a profile without the mapped ID", async () => {
      await api.patch(
        `/api/v2/authenticators/oauth2/${basicID}`,
        { userMappings: { uniqueID: "no.such.key" } },
        { as: admin },
      );
      try {
        const account = newAccount();
        await expectRefused(await finish(await begin(account)), "token", account.email);
      } finally {
        await api.patch(
          `/api/v2/authenticators/oauth2/${basicID}`,
          { userMappings: { uniqueID: "details.id" } },
          { as: admin },
        );
      }
    });

    it("refuses a disabled authenticator, at the start and at the callback", async () => {
      const account = newAccount();
      const flow = await begin(account);
      await api.patch(`/api/v2/authenticators/oauth2/${basicID}`, { active: false }, { as: admin });
      try {
        const start = await t.app.inject({
          method: "GET",
          url: `/entry/oidc/${basicID}`,
          headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp() },
        });
        await expectRefused(start, "disabled");
        await expectRefused(await finish(flow), "disabled", account.email);
        const buttons = await api.get("/api/v2/authenticators/sign-in-buttons");
        expect(buttons.json<SignInButton[]>().map((button) => button.authenticatorID)).not.toContain(basicID);
      } finally {
        await api.patch(`/api/v2/authenticators/oauth2/${basicID}`, { active: true }, { as: admin });
      }
    });
  });
});

describe("OAuth 2 profile mapping", () => {
  const row = (mappings: Record<string, unknown>, markVerified = 0) =>
    ({ userMappings: JSON.stringify(mappings), markVerified }) as AuthenticatorRow;

  it("reads a key as written first, then as a dotted path (arrays by index)", () => {
    const profile = { "a.b": 1, a: { b: 2 }, list: [{ id: "x" }], n: null };
    expect(valueAt(profile, "a.b")).toBe(1);
    expect(valueAt(profile, "list.0.id")).toBe("x");
    expect(valueAt(profile, "n.x")).toBeUndefined();
    expect(valueAt(profile, "missing.deep")).toBeUndefined();
    expect(valueAt(profile, "constructor")).toBeUndefined();
  });

  it("gives the landing the ID as sub, the mapped values, and trusts addresses only when told", () => {
    const profile = { user: { id: 42, login: "jo", mail: "jo@x.test", full: "Jo Doe" }, email_verified: "yes" };
    const mappings = { uniqueID: "user.id", name: "user.login", email: "user.mail", fullName: "user.full" };
    expect(claimsOf(row(mappings), profile)).toMatchObject({
      sub: "42",
      "user.login": "jo",
      "user.mail": "jo@x.test",
      name: "Jo Doe",
      email_verified: false,
    });
    expect(claimsOf(row(mappings, 1), profile)["email_verified"]).toBe(true);
    expect(claimsOf(row({ ...mappings, uniqueID: "user" }), profile)["sub"]).toBe("");
  });
});
