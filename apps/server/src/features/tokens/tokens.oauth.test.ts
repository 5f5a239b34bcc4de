import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthToken, type Me, type OAuth2Authenticator } from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createApi,
  createCast,
  TEST_ORIGIN,
  uniqueIp,
  type Api,
  type Session,
  type TestUser,
} from "../../test/accounts.ts";
import { expectSchema } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { startTestProvider, type ProviderAccount, type TestProvider } from "../../test/oidc-provider.ts";

/*
 * `POST /tokens/oauth` (Vanilla's OAuth2 add-on): an app holding an access token of the OAuth 2 provider (here
 * node-oidc-provider, a real one) exchanges it for a short-lived access token of the forum. The provider's profile
 * is read and mapped as the OAuth 2 sign-in does: the linked member, else a new account made and linked.
 */
describe.each(engines)("exchanging an OAuth 2 access token on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let provider: TestProvider;
  let cast: Record<"admin" | "member", TestUser>;
  let admin: Session;
  let member: Session;
  let accounts = 0;

  const newAccount = (): ProviderAccount => {
    accounts += 1;
    return {
      sub: `exchange-${accounts}`,
      email: `exchange${accounts}@provider.test`,
      email_verified: true,
      preferred_username: `exchange-${accounts}`,
      details: { id: 9100 + accounts, handle: `Exchanged Person ${accounts}` },
    };
  };
  const addAuthenticator = async (clientID: string, overrides: Record<string, unknown> = {}) => {
    const created = await api.post(
      "/api/v2/authenticators/oauth2",
      {
        name: "App provider",
        clientID,
        secret: provider.secret,
        urls: {
          authenticateUrl: `${provider.issuer}/auth`,
          tokenUrl: `${provider.issuer}/token`,
          profileUrl: `${provider.issuer}/me`,
        },
        authenticationRequest: { scope: "openid email profile" },
        userMappings: { uniqueID: "details.id", name: "details.handle", email: "email" },
        ...overrides,
      },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<OAuth2Authenticator>().authenticatorID;
  };
  const exchange = (body: unknown, as: Session | null = null) =>
    api.post("/api/v2/tokens/oauth", body, { as, ip: uniqueIp() });

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    provider = await startTestProvider({ redirectUris: [`${TEST_ORIGIN}/entry/oidc/1/callback`] });
    await t.app.platform.siteConfig.set("authenticators.allowedHosts", "127.0.0.1");
    cast = await createCast(t.database.db, {
      admin: { name: "Exchange Root", role: "administrator" },
      member: { name: "Exchange Member", role: "member" },
    });
    admin = await api.signIn(cast.admin);
    member = await api.signIn(cast.member);
    await addAuthenticator(provider.clientID);
  });

  it("is off until a site manager turns it on (authenticators.tokenExchange): 403", async () => {
    const off = await exchange({ clientID: provider.clientID, oauthAccessToken: "anything" });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({
      message: "Exchanging OAuth 2 access tokens is turned off on this site (authenticators.tokenExchange).",
    });
    expect(
      (await api.patch("/api/v2/config", { "authenticators.tokenExchange": true }, { as: member })).statusCode,
    ).toBe(403);
    const on = await api.patch("/api/v2/config", { "authenticators.tokenExchange": true }, { as: admin });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(async () => {
    await provider?.close();
    await t?.close();
  });

  it("makes and links the provider's member, and answers an access token that expires", async () => {
    const account = newAccount();
    const oauthAccessToken = await provider.accessTokenFor(account);
    const response = await exchange({ clientID: provider.clientID, oauthAccessToken });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OAuthToken>();
    expectSchema(OAuthToken, body);
    expect(Date.parse(body.dateExpires) - t.clock.nowMs()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(body.dateExpires) - t.clock.nowMs()).toBeLessThanOrEqual(60 * 60_000);
    const me = await api.get("/api/v2/users/me", { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<Me>()).toMatchObject({ name: "Exchanged Person 1" });
    const userID = me.json<Me>().userID;

    // The same provider member again: the linked account, no second one.
    const again = await exchange({
      clientID: provider.clientID,
      oauthAccessToken: await provider.accessTokenFor(account),
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = await api.get("/api/v2/users/me", {
      headers: { authorization: `Bearer ${again.json<OAuthToken>().accessToken}` },
    });
    expect(second.json<Me>().userID).toBe(userID);
    const users = await t.database.db.selectFrom("users").select("userID").where("email", "=", account.email).execute();
    expect(users).toHaveLength(1);

    // Expired tokens are refused by bearer authentication.
    t.clock.advance(60 * 60_000 + 1_000);
    const expired = await api.get("/api/v2/users/me", { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: "Invalid access token." });
  });

  it("answers the provider's member whoever asks: a guest, a member or an administrator", async () => {
    for (const as of [null, member, admin]) {
      const account = newAccount();
      const response = await exchange(
        { clientID: provider.clientID, oauthAccessToken: await provider.accessTokenFor(account) },
        as,
      );
      expect(response.statusCode, response.body).toBe(200);
      const me = await api.get("/api/v2/users/me", {
        headers: { authorization: `Bearer ${response.json<OAuthToken>().accessToken}` },
      });
      expect(me.json<Me>().name).toBe(account.details!["handle"]);
      expect([cast.member.userID, cast.admin.userID]).not.toContain(me.json<Me>().userID);
    }
  });

  it("validates the body: both fields, as strings", async () => {
    for (const body of [
      {},
      { clientID: provider.clientID },
      { oauthAccessToken: "x" },
      { clientID: "", oauthAccessToken: "x" },
    ]) {
      const response = await exchange(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: "Validation Failed" });
    }
  });

  it("answers 404 for a client ID no active OAuth 2 authenticator has", async () => {
    const unknown = await exchange({ clientID: "nobody", oauthAccessToken: "anything" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "No OAuth 2 authenticator has this client ID." });
    const inactive = await addAuthenticator("switched-off", { active: false });
    expect(inactive).toBeGreaterThan(0);
    expect((await exchange({ clientID: "switched-off", oauthAccessToken: "anything" })).statusCode).toBe(404);
  });

  it("answers 403 when the provider refuses the access token", async () => {
    const response = await exchange({ clientID: provider.clientID, oauthAccessToken: "not-a-real-token" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403 });
  });

  it("answers 400 when the profile has no member ID", async () => {
    await addAuthenticator(provider.postClientID, {
      useBasicAuthToken: false,
      userMappings: { uniqueID: "missing.id" },
    });
    const response = await exchange({
      clientID: provider.postClientID,
      oauthAccessToken: await provider.accessTokenFor(newAccount()),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message: "The OAuth 2 provider's profile has no member ID, or no e-mail address for a new member.",
    });
  });

  it("answers 401 'You are banned.' for a banned member, and issues nothing", async () => {
    const account = newAccount();
    const first = await exchange({
      clientID: provider.clientID,
      oauthAccessToken: await provider.accessTokenFor(account),
    });
    expect(first.statusCode).toBe(200);
    await t.database.db.updateTable("users").set({ banned: 1 }).where("email", "=", account.email).execute();
    const before = await t.database.db.selectFrom("accessTokens").select("accessTokenID").execute();
    const banned = await exchange({
      clientID: provider.clientID,
      oauthAccessToken: await provider.accessTokenFor(account),
    });
    expect(banned.statusCode).toBe(401);
    expect(banned.json()).toMatchObject({ message: "You are banned." });
    expect(await t.database.db.selectFrom("accessTokens").select("accessTokenID").execute()).toHaveLength(
      before.length,
    );
  });
});
