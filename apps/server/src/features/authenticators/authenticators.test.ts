import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Authenticator,
  authenticatorMessages,
  PendingConnection,
  SignOutResult,
  type Authenticator as AuthenticatorRecord,
  type SignInButton,
} from "@parley/contracts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  cookieOf,
  createApi,
  sessionHeaders,
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
import { callbackUris, signInProbes } from "./authenticators.testing.ts";
import { startTestProvider, type ProviderAccount, type TestProvider } from "../../test/oidc-provider.ts";

/*
 * Authenticators (issue 34): the CRUD for site managers, the secret never answered, and signing in with a real
 * OpenID provider (node-oidc-provider on a local port): new accounts, links by e-mail, the connect page's
 * calls, and the callbacks a client must refuse (state, replay, nonce, audience, expiry, signature).
 */

describe.each(engines)("authenticators on %s", (engine) => {
  let t: TestApp;
  let api: Api;
  let provider: TestProvider;
  let cast: Record<"admin" | "member" | "existing" | "taken", TestUser>;
  let admin: Session;
  let member: Session;
  let oidcID: number;
  let accounts = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = createApi(t.app);
    provider = await startTestProvider({ redirectUris: callbackUris, postLogoutRedirectUris: [`${TEST_ORIGIN}/`] });
    cast = await createCast(t.database.db, {
      admin: { name: "Root", role: "administrator" },
      member: { name: "Plain Member", role: "member" },
      existing: { name: "Existing Person", role: "member", email: "existing@people.test" },
      taken: { name: "takenname", role: "member", email: "taken-owner@people.test" },
    });
    admin = await api.signIn(cast.admin);
    member = await api.signIn(cast.member);
    const created = await api.post(
      "/api/v2/authenticators",
      {
        type: "oidc",
        name: "Test Provider",
        clientID: provider.clientID,
        secret: provider.secret,
        issuer: provider.issuer,
        buttonLabel: "Test ID",
        userMappings: { name: "preferred_username", email: "email", photoUrl: "picture", roles: "roles" },
      },
      { as: admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    oidcID = created.json<AuthenticatorRecord>().authenticatorID;
  });
  afterAll(async () => {
    await provider?.close();
    await t?.close();
  });

  const newAccount = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
    accounts += 1;
    return {
      sub: `provider-user-${accounts}`,
      email: `sso${accounts}@provider.test`,
      email_verified: true,
      preferred_username: `SSO Person ${accounts}`,
      ...overrides,
    };
  };

  /** The browser's cookies at the provider (its session among them). */
  type Jar = Map<string, string>;
  const cookiesOf = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  function keepCookies(jar: Jar, response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = pair!.split("=");
      if (value.join("=") === "") jar.delete(name!);
      else jar.set(name!, value.join("="));
    }
  }

  /** The browser at the provider: follows its redirects (with its cookies) until it is sent back to the forum. */
  async function atProvider(url: string, jar: Jar = new Map()): Promise<string> {
    let next = url;
    for (let step = 0; step < 12; step += 1) {
      const cookie = cookiesOf(jar);
      const response = await fetch(next, { redirect: "manual", headers: cookie ? { cookie } : {} });
      keepCookies(jar, response);
      const location = response.headers.get("location");
      if (!location) throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
      next = new URL(location, next).href;
      if (next.startsWith(TEST_ORIGIN)) return next;
    }
    throw new Error("The provider never sent the browser back.");
  }

  interface Flow {
    /** Where the provider sent the browser back to (the callback with code and state). */
    callbackUrl: string;
    /** The cookie binding the sign-in to this browser. */
    browserCookie: string;
  }

  async function begin(
    account: ProviderAccount,
    id = oidcID,
    headers: Record<string, string> = {},
    jar: Jar = new Map(),
  ): Promise<Flow> {
    provider.signInAs(account);
    const start = await t.app.inject({
      method: "GET",
      url: `/entry/oidc/${id}?target=/categories`,
      headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp(), ...headers },
    });
    expect(start.statusCode, start.body).toBe(303);
    const location = String(start.headers.location);
    expect(location.startsWith(`${provider.issuer}/auth?`)).toBe(true);
    const authorization = new URL(location);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("nonce")).toBeTruthy();
    const browserCookie = cookieOf(start.headers["set-cookie"], "parley_sso");
    expect(browserCookie).toBeTruthy();
    return { callbackUrl: await atProvider(location, jar), browserCookie: browserCookie! };
  }

  async function finish(flow: Flow, url = flow.callbackUrl, cookie: string | null = flow.browserCookie) {
    const target = new URL(url);
    return t.app.inject({
      method: "GET",
      url: target.pathname + target.search,
      headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp(), ...(cookie ? { cookie } : {}) },
    });
  }

  const { meOf, usersWithEmail, rolesOf, expectRefused } = signInProbes(() => t);

  describe("managing authenticators", () => {
    it("is for site managers only: members and guests are refused every call", async () => {
      for (const who of [member, null]) {
        const expected = 403;
        expect((await api.get("/api/v2/authenticators", { as: who })).statusCode).toBe(expected);
        expect((await api.get(`/api/v2/authenticators/${oidcID}`, { as: who })).statusCode).toBe(expected);
        expect((await api.get("/api/v2/authenticator-types", { as: who })).statusCode).toBe(expected);
        const post = await api.post(
          "/api/v2/authenticators",
          { type: "oidc", name: "X", clientID: "x", secret: "s", issuer: "https://id.example" },
          { as: who },
        );
        expect(post.statusCode).toBe(expected);
        expect((await api.patch(`/api/v2/authenticators/${oidcID}`, { name: "X" }, { as: who })).statusCode).toBe(
          expected,
        );
        expect((await api.delete(`/api/v2/authenticators/${oidcID}`, { as: who })).statusCode).toBe(expected);
      }
    });

    it("adds, lists, changes and removes an authenticator, and never answers its secret", async () => {
      const secret = "very-secret-value-4711";
      const created = await api.post(
        "/api/v2/authenticators",
        {
          type: "oidc",
          name: "Company SSO",
          clientID: "company",
          secret,
          issuer: "https://id.company.example",
          default: true,
        },
        { as: admin },
      );
      expect(created.statusCode, created.body).toBe(201);
      expectSchema(Authenticator, created.json());
      const record = created.json<AuthenticatorRecord>();
      expect(record).toMatchObject({ name: "Company SSO", type: "oidc", isOidc: true, default: true, hasSecret: true });
      expect(record.scope).toBe("openid profile email");
      expect(record.urls.signInUrl).toBe(`${TEST_ORIGIN}/entry/oidc/${record.authenticatorID}`);
      const id = record.authenticatorID;

      const list = await api.get("/api/v2/authenticators", { as: admin });
      expect(list.statusCode).toBe(200);
      expect(list.json<AuthenticatorRecord[]>().map((row) => row.authenticatorID)).toEqual([oidcID, id]);
      const patched = await api.patch(
        `/api/v2/authenticators/${id}`,
        {
          secret: "another-secret-0815",
          markVerified: true,
          buttonLabel: "Company",
          userMappings: { roles: "groups" },
        },
        { as: admin },
      );
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<AuthenticatorRecord>()).toMatchObject({
        markVerified: true,
        buttonLabel: "Company",
        userMappings: { name: "preferred_username", email: "email", roles: "groups" },
      });
      const one = await api.get(`/api/v2/authenticators/${id}`, { as: admin });
      for (const response of [created, list, patched, one]) {
        expect(response.body).not.toContain(secret);
        expect(response.body).not.toContain("another-secret-0815");
        expect(response.body).not.toContain(provider.secret);
        expect(response.body).not.toMatch(/"secret"/u);
      }
      // The OpenAPI document describes no secret in any answer either.
      const buttons = await api.get("/api/v2/authenticators/sign-in-buttons");
      expect(buttons.statusCode).toBe(200);
      expect(buttons.json<SignInButton[]>()).toEqual([
        { authenticatorID: id, label: "Company", url: `/entry/oidc/${id}`, default: true },
        { authenticatorID: oidcID, label: "Test ID", url: `/entry/oidc/${oidcID}`, default: false },
      ]);
      expect(buttons.body).not.toContain("secret");

      const removed = await api.delete(`/api/v2/authenticators/${id}`, { as: admin });
      expect(removed.statusCode).toBe(204);
      expect((await api.get(`/api/v2/authenticators/${id}`, { as: admin })).statusCode).toBe(404);
    });

    it("says which types there are, and refuses a body without a secret", async () => {
      const types = await api.get("/api/v2/authenticator-types", { as: admin });
      expect(types.json()).toEqual([
        { authenticatorType: "oidc", name: "OpenID Connect" },
        { authenticatorType: "jwt", name: "JWT (signed by the host site)" },
        { authenticatorType: "oauth2", name: "OAuth 2" },
      ]);
      const missing = await api.post(
        "/api/v2/authenticators",
        { type: "oidc", name: "No secret", clientID: "c", issuer: "https://id.example" },
        { as: admin },
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ errors: [{ field: "secret", code: "secretRequired" }] });
      const noIssuer = await api.post(
        "/api/v2/authenticators",
        { type: "oidc", name: "No issuer", clientID: "c", secret: "s" },
        { as: admin },
      );
      expect(noIssuer.json()).toMatchObject({ errors: [{ field: "issuer", code: "issuerRequired" }] });
      expect((await api.get("/api/v2/authenticators/999", { as: admin })).json()).toMatchObject({
        message: authenticatorMessages.notFound,
      });
    });
  });

  describe("signing in with an OpenID provider", () => {
    it("makes a new account on the first sign-in, with the roles the claim names, and signs it in", async () => {
      const account = newAccount({ roles: ["Moderator", "No Such Role"], picture: "https://id.example/photo.png" });
      const flow = await begin(account);
      const response = await finish(flow);
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toBe("/categories");
      const session = cookieOf(response.headers["set-cookie"]);
      expect(session).toBeTruthy();
      const me = await meOf(session!);
      expect(me.name).toBe(account.preferred_username);
      expect(me.photoUrl).toBe("https://id.example/photo.png");
      const [row] = await usersWithEmail(account.email);
      expect(row?.userID).toBe(me.userID);
      expect(await rolesOf(me.userID)).toEqual(["Moderator"]);

      // The next sign-in finds the same account by its provider identity, and makes no other.
      const again = await finish(await begin({ ...account, email: "changed@provider.test" }));
      expect(again.statusCode).toBe(303);
      expect((await meOf(cookieOf(again.headers["set-cookie"])!)).userID).toBe(me.userID);
      expect(await usersWithEmail("changed@provider.test")).toEqual([]);
    });

    it("asks for the password before linking to an account with the same address when the e-mail is not trusted", async () => {
      const account = newAccount({ email: "existing@people.test" });
      const flow = await begin(account);
      const response = await finish(flow);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/entry/connect");
      expect(cookieOf(response.headers["set-cookie"])).toBeNull();
      const connect = cookieOf(response.headers["set-cookie"], "parley_connect")!;
      const headers = { cookie: connect, origin: TEST_ORIGIN };
      const pending = await api.get("/api/v2/authenticators/connection", { headers });
      expect(pending.statusCode, pending.body).toBe(200);
      expectSchema(PendingConnection, pending.json());
      expect(pending.json()).toMatchObject({
        mode: "link",
        email: "existing@people.test",
        authenticatorName: "Test ID",
      });

      const wrong = await api.post("/api/v2/authenticators/connection", { password: "not it" }, { headers });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain(authenticatorMessages.passwordWrong);
      const linked = await api.post(
        "/api/v2/authenticators/connection",
        { password: cast.existing.password },
        { headers },
      );
      expect(linked.statusCode, linked.body).toBe(201);
      expect(linked.json()).toEqual({ userID: cast.existing.userID, target: "/categories" });
      // The connection is used up; the next sign-in with the provider goes straight in.
      expect((await api.get("/api/v2/authenticators/connection", { headers })).statusCode).toBe(404);
      const next = await finish(await begin(account));
      expect((await meOf(cookieOf(next.headers["set-cookie"])!)).userID).toBe(cast.existing.userID);
      expect((await usersWithEmail("existing@people.test")).length).toBe(1);
    });

    it("links by a confirmed address at once when the authenticator trusts its e-mail addresses", async () => {
      await api.patch(`/api/v2/authenticators/${oidcID}`, { markVerified: true }, { as: admin });
      try {
        // An unconfirmed address at the provider is not trusted even then.
        const unconfirmed = await finish(await begin(newAccount({ email: cast.member.email, email_verified: false })));
        expect(unconfirmed.headers.location).toBe("/entry/connect");
        const response = await finish(await begin(newAccount({ email: cast.member.email })));
        expect(response.headers.location).toBe("/categories");
        expect((await meOf(cookieOf(response.headers["set-cookie"])!)).userID).toBe(cast.member.userID);
      } finally {
        await api.patch(`/api/v2/authenticators/${oidcID}`, { markVerified: false }, { as: admin });
      }
    });

    it("lets a newcomer whose name is taken pick another on the connect page", async () => {
      const account = newAccount({ preferred_username: "takenname" });
      const response = await finish(await begin(account));
      expect(response.headers.location).toBe("/entry/connect");
      const headers = { cookie: cookieOf(response.headers["set-cookie"], "parley_connect")!, origin: TEST_ORIGIN };
      expect((await api.get("/api/v2/authenticators/connection", { headers })).json()).toMatchObject({
        mode: "register",
        nameTaken: true,
        name: "takenname",
      });
      const taken = await api.post("/api/v2/authenticators/connection", { name: "TakenName" }, { headers });
      expect(taken.statusCode).toBe(400);
      expect(await usersWithEmail(account.email)).toEqual([]);
      const created = await api.post("/api/v2/authenticators/connection", { name: "Fresh Name" }, { headers });
      expect(created.statusCode, created.body).toBe(201);
      expect(await usersWithEmail(account.email)).toEqual([
        { userID: created.json<{ userID: number }>().userID, name: "Fresh Name" },
      ]);
      const session = cookieOf(created.headers["set-cookie"]);
      expect(session).toBeTruthy();
      // The ID token waited with the connection: this session signs out at the provider too.
      const out = await t.app.inject({
        method: "DELETE",
        url: "/api/v2/authenticate",
        headers: sessionHeaders({ cookie: session!, transientKey: "" }),
      });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json<SignOutResult>().signOutUrl.startsWith(`${provider.issuer}/session/end?`)).toBe(true);
    });

    it("limits sign-ins started and wrong passwords on the connect page per client address", async () => {
      const ip = uniqueIp();
      const start = () =>
        t.app.inject({
          method: "GET",
          url: `/entry/oidc/${oidcID}`,
          headers: { host: TEST_HOST, "x-forwarded-for": ip },
        });
      for (let attempt = 0; attempt < 30; attempt += 1) expect((await start()).statusCode).toBe(303);
      const refused = await start();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeTruthy();

      const response = await finish(await begin(newAccount({ email: cast.taken.email })));
      const headers = { cookie: cookieOf(response.headers["set-cookie"], "parley_connect")!, origin: TEST_ORIGIN };
      const guess = (password: string) =>
        api.post("/api/v2/authenticators/connection", { password }, { headers, ip: "10.250.0.1" });
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await guess(`guess ${attempt}`)).statusCode).toBe(400);
      expect((await guess(cast.taken.password)).statusCode).toBe(429);
    });

    it("builds the redirect URI from the site's address, whatever Host the request names", async () => {
      provider.signInAs(newAccount());
      const start = await t.app.inject({
        method: "GET",
        url: `/entry/oidc/${oidcID}`,
        headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-for": uniqueIp() },
      });
      const location = new URL(String(start.headers.location));
      expect(location.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/entry/oidc/${oidcID}/callback`);
    });
  });

  describe("callbacks refused", () => {
    it("refuses a tampered state, and a callback in another browser", async () => {
      const account = newAccount();
      const flow = await begin(account);
      const url = new URL(flow.callbackUrl);
      url.searchParams.set("state", "forged-state");
      await expectRefused(await finish(flow, url.href), "state", account.email);
      // Without the browser's cookie the genuine state is refused too (and is used up).
      await expectRefused(await finish(flow, flow.callbackUrl, null), "state", account.email);
      await expectRefused(await finish(flow), "state", account.email);
    });

    it("refuses a replayed callback", async () => {
      const account = newAccount();
      const flow = await begin(account);
      const first = await finish(flow);
      expect(first.headers.location).toBe("/categories");
      await expectRefused(await finish(flow), "state");
      expect((await usersWithEmail(account.email)).length).toBe(1);
    });

    it("refuses a sign-in whose state has expired", async () => {
      const account = newAccount();
      const flow = await begin(account);
      t.clock.advance(11 * 60_000);
      await expectRefused(await finish(flow), "state", account.email);
    });

    const forgeries: Array<[string, (claims: Record<string, unknown>) => Record<string, unknown>, boolean]> = [
      ["a wrong nonce", (claims) => ({ ...claims, nonce: "another-nonce" }), true],
      ["a wrong audience", (claims) => ({ ...claims, aud: "someone-else" }), true],
      [
        "an expired ID token",
        (claims) => ({ ...claims, iat: Number(claims["iat"]) - 7200, exp: Number(claims["iat"]) - 3600 }),
        true,
      ],
      ["another issuer", (claims) => ({ ...claims, iss: "https://issuer.evil.example" }), true],
      ["a broken signature", (claims) => ({ ...claims, sub: "someone-else" }), false],
    ];
    for (const [what, change, resign] of forgeries) {
      it(`refuses an ID token with ${what}`, async () => {
        const account = newAccount();
        provider.tamper(change, { resign });
        try {
          await expectRefused(await finish(await begin(account)), "token", account.email);
        } finally {
          provider.tamper(null);
        }
      });
    }

    it("refuses a sign-in with an inactive authenticator, and one the provider denied", async () => {
      await api.patch(`/api/v2/authenticators/${oidcID}`, { active: false }, { as: admin });
      const start = await t.app.inject({
        method: "GET",
        url: `/entry/oidc/${oidcID}`,
        headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp() },
      });
      await api.patch(`/api/v2/authenticators/${oidcID}`, { active: true }, { as: admin });
      await expectRefused(start, "disabled");
      const account = newAccount();
      const flow = await begin(account);
      const url = new URL(flow.callbackUrl);
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
      await expectRefused(await finish(flow, url.href), "provider", account.email);
    });

    it("makes no account while registration is closed", async () => {
      await api.patch("/api/v2/config", { "registration.method": "closed" }, { as: admin });
      try {
        const account = newAccount();
        await expectRefused(await finish(await begin(account)), "closed", account.email);
      } finally {
        await api.patch("/api/v2/config", { "registration.method": "basic" }, { as: admin });
      }
    });
  });

  describe("signing out at the provider (RP-initiated logout)", () => {
    /** The forum's sign-out, as the sign-out page sends it (a host header of its own must change nothing). */
    const signOut = (cookie: string) =>
      t.app.inject({
        method: "DELETE",
        url: "/api/v2/authenticate",
        headers: { ...sessionHeaders({ cookie, transientKey: "" }), "x-forwarded-host": "evil.example" },
      });
    const keptTokens = (authenticatorID: number) =>
      t.database.db
        .selectFrom("authenticatorSessions")
        .selectAll()
        .where("authenticatorID", "=", authenticatorID)
        .execute();

    /** The provider's sign-out page in the same browser: "Yes, sign me out", and where it sends the browser. */
    async function confirmAtProvider(url: string, jar: Jar): Promise<string> {
      const page = await fetch(url, { redirect: "manual", headers: { cookie: cookiesOf(jar) } });
      keepCookies(jar, page);
      const html = await page.text();
      expect(page.status, html).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/u.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/u.exec(html)?.[1];
      expect(action && xsrf, html).toBeTruthy();
      const confirmed = await fetch(new URL(action!, url), {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookiesOf(jar), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }).toString(),
      });
      keepCookies(jar, confirmed);
      return String(confirmed.headers.get("location"));
    }

    it("signs out here, then sends the browser to the provider's end-session address, whose session ends", async () => {
      const jar: Jar = new Map();
      const account = newAccount();
      const before = provider.logins;
      const signedIn = await finish(await begin(account, oidcID, {}, jar));
      expect(signedIn.statusCode, signedIn.body).toBe(303);
      expect(provider.logins).toBe(before + 1);
      const session = cookieOf(signedIn.headers["set-cookie"])!;
      const me = await meOf(session);
      const kept = (await keptTokens(oidcID)).filter((row) => row.idToken.split(".").length === 3);
      expect(kept.length).toBeGreaterThan(0);
      // The same browser signs in again without a login at the provider: its session there is alive.
      const again = await finish(await begin(account, oidcID, {}, jar));
      expect(cookieOf(again.headers["set-cookie"])).toBeTruthy();
      expect(provider.logins).toBe(before + 1);

      const sessionTokens = await t.database.db
        .selectFrom("authenticatorSessions")
        .innerJoin("sessions", "sessions.sessionID", "authenticatorSessions.sessionID")
        .select(["authenticatorSessions.sessionID", "idToken"])
        .where("sessions.userID", "=", me.userID)
        .execute();
      expect(sessionTokens).toHaveLength(2);
      const out = await signOut(session);
      expect(out.statusCode, out.body).toBe(200);
      expectSchema(SignOutResult, out.json());
      const url = new URL(out.json<SignOutResult>().signOutUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
      expect(url.searchParams.get("client_id")).toBe(provider.clientID);
      expect(url.searchParams.get("post_logout_redirect_uri")).toBe(`${TEST_ORIGIN}/`);
      const hint = url.searchParams.get("id_token_hint");
      expect(sessionTokens.map((row) => row.idToken)).toContain(hint);
      // Signed out here first: the session and its ID token are gone; the other browser's session stays.
      expect((await meOf(session)).userID).toBe(0);
      const left = await t.database.db
        .selectFrom("authenticatorSessions")
        .innerJoin("sessions", "sessions.sessionID", "authenticatorSessions.sessionID")
        .select("idToken")
        .where("sessions.userID", "=", me.userID)
        .execute();
      expect(left).toHaveLength(1);
      expect(left[0]!.idToken).not.toBe(hint);

      // At the provider: its sign-out sends the browser back to the forum's home page, and its session is gone.
      expect(await confirmAtProvider(url.href, jar)).toBe(`${TEST_ORIGIN}/`);
      const afterwards = await finish(await begin(account, oidcID, {}, jar));
      expect(cookieOf(afterwards.headers["set-cookie"])).toBeTruthy();
      expect(provider.logins).toBe(before + 2);
    });

    it("stays local when the setting is off, for a password's session, and without an end-session address", async () => {
      const off = await api.patch(`/api/v2/authenticators/${oidcID}`, { signOutAtProvider: false }, { as: admin });
      expect(off.json<AuthenticatorRecord>().signOutAtProvider).toBe(false);
      try {
        const signedIn = await finish(await begin(newAccount()));
        const session = cookieOf(signedIn.headers["set-cookie"])!;
        const userID = (await meOf(session)).userID;
        const rows = await t.database.db
          .selectFrom("authenticatorSessions")
          .innerJoin("sessions", "sessions.sessionID", "authenticatorSessions.sessionID")
          .select("idToken")
          .where("sessions.userID", "=", userID)
          .execute();
        expect(rows).toEqual([]);
        const out = await signOut(session);
        expect(out.statusCode).toBe(204);
        expect((await meOf(session)).userID).toBe(0);
      } finally {
        await api.patch(`/api/v2/authenticators/${oidcID}`, { signOutAtProvider: true }, { as: admin });
      }

      const password = await api.signIn(cast.existing);
      expect((await signOut(password.cookie)).statusCode).toBe(204);

      const plain = await startTestProvider({ redirectUris: callbackUris, endSession: false });
      try {
        const created = await api.post(
          "/api/v2/authenticators",
          {
            type: "oidc",
            name: "No end session",
            clientID: plain.clientID,
            secret: plain.secret,
            issuer: plain.issuer,
          },
          { as: admin },
        );
        const id = created.json<AuthenticatorRecord>().authenticatorID;
        expect(created.json<AuthenticatorRecord>().signOutAtProvider).toBe(true);
        plain.signInAs(newAccount());
        const start = await t.app.inject({
          method: "GET",
          url: `/entry/oidc/${id}`,
          headers: { host: TEST_HOST, "x-forwarded-for": uniqueIp() },
        });
        const flow = {
          callbackUrl: await atProvider(String(start.headers.location)),
          browserCookie: cookieOf(start.headers["set-cookie"], "parley_sso")!,
        };
        const session = cookieOf((await finish(flow)).headers["set-cookie"])!;
        expect((await meOf(session)).userID).toBeGreaterThan(0);
        const out = await signOut(session);
        expect(out.statusCode, out.body).toBe(204);
        expect((await meOf(session)).userID).toBe(0);
        await api.delete(`/api/v2/authenticators/${id}`, { as: admin });
      } finally {
        await plain.close();
      }
    });
  });
});
