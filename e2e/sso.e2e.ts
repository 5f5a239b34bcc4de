import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestProvider, type ProviderAccount, type TestProvider } from "../apps/server/src/test/oidc-provider.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { SignOutPage } from "./pages/SignOutPage.ts";
import { AuthenticatorsPage, ConnectPage, ProviderSignOutPage, SsoSignInPage } from "./pages/SsoPages.ts";

/*
 * Signing in with an OpenID Connect provider (issue 34): a real provider (node-oidc-provider) on a local port,
 * added on the dashboard; a newcomer, a member whose address matches (linked by password, or at once when the
 * provider is trusted), signing out; and the callbacks the forum refuses, with nothing made.
 */

const parley = useParley();
const label = "Test ID";

interface Me {
  userID: number;
  name: string;
}

describe("signing in with an OpenID Connect provider", () => {
  let provider: TestProvider;
  let admin: ApiSession;
  let accounts = 0;

  beforeAll(async () => {
    const redirectUris = Array.from({ length: 5 }, (_, i) => `${parley.baseUrl}/entry/oidc/${i + 1}/callback`);
    provider = await startTestProvider({ redirectUris, postLogoutRedirectUris: [`${parley.baseUrl}/`] });
    admin = await signInAdmin(parley.baseUrl);
    await admin.post("/authenticators", {
      type: "oidc",
      name: "Test Provider",
      buttonLabel: label,
      issuer: provider.issuer,
      clientID: provider.clientID,
      secret: provider.secret,
      userMappings: { name: "preferred_username", email: "email", roles: "roles" },
    });
  });
  afterAll(async () => {
    await provider?.close();
  });

  const account = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
    accounts += 1;
    return {
      sub: `e2e-${accounts}`,
      email: `e2e-${accounts}@provider.test`,
      email_verified: true,
      preferred_username: `Provider_${accounts}`,
      ...overrides,
    };
  };

  const me = async (page: Page): Promise<Me> =>
    (await (await page.request.get(`${parley.baseUrl}/api/v2/users/me`)).json()) as Me;

  const usersWithEmail = async (email: string) =>
    admin.get<Array<{ userID: number }>>(`/users?email=${encodeURIComponent(email)}`);

  /** Starts a sign-in with the provider's button on the sign-in page, as the given account at the provider. */
  async function signInWithProvider(page: Page, who: ProviderAccount): Promise<SsoSignInPage> {
    provider.signInAs(who);
    const signIn = new SsoSignInPage(page, parley.baseUrl);
    await signIn.goto();
    await signIn.startSignIn(label);
    return signIn;
  }

  /** The sign-out page's button, then the provider's own "Yes, sign me out", and back on the forum's home page. */
  async function signOutAtProvider(page: Page): Promise<void> {
    const signOut = new SignOutPage(page, parley.baseUrl);
    await signOut.goto();
    // Clicked once the page has hydrated: a click while the app takes over the form was seen lost under load.
    await waitForHydration(page);
    await signOut.submitButton.click();
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/session/end`));
    await new ProviderSignOutPage(page).confirmButton.click();
    await page.waitForURL(`${parley.baseUrl}/`);
  }

  it("an administrator adds the provider on the dashboard, and its secret is never shown", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new AuthenticatorsPage(page, parley.baseUrl);
    await dashboard.goto();
    const secret = "dashboard-secret-that-never-shows";
    await dashboard.add({
      name: "Staff Directory",
      buttonLabel: "Staff",
      issuer: provider.issuer,
      clientID: "staff-directory",
      secret,
      rolesClaim: "groups",
    });
    await dashboard.status.waitFor();
    expect(await dashboard.redirectUri("Staff Directory").innerText()).toBe(`${parley.baseUrl}/entry/oidc/2/callback`);
    expect(await dashboard.redirectUri("Test Provider").innerText()).toBe(`${parley.baseUrl}/entry/oidc/1/callback`);
    expect(await page.content()).not.toContain(secret);
    await dashboard.goto();
    expect(await page.content()).not.toContain(secret);
    expect(await page.content()).not.toContain(provider.secret);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const listed = JSON.stringify(await admin.get("/authenticators"));
    expect(listed).not.toContain(secret);
    expect(listed).not.toContain(provider.secret);
    // Its button is on the sign-in page now, beside the first one.
    const signIn = new SsoSignInPage(page, parley.baseUrl);
    await signIn.goto();
    await signIn.signInWith("Staff").waitFor();
  });

  it("a newcomer signs in with the provider: the account is made with the roles the claim names; then signs out", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const newcomer = account({ roles: ["Moderator"] });
    await signInWithProvider(page, newcomer);
    await page.waitForURL(`${parley.baseUrl}/`);
    const signedIn = await me(page);
    expect(signedIn.name).toBe(newcomer.preferred_username);
    const user = await admin.get<{ email: string; roles: Array<{ name: string }> }>(`/users/${signedIn.userID}`);
    expect(user.email).toBe(newcomer.email);
    expect(user.roles.map((role) => role.name)).toEqual(["Moderator"]);

    // Signing out ends the forum's session, then the provider's: its sign-out page sends the browser back here.
    await signOutAtProvider(page);
    expect((await me(page)).userID).toBe(0);
    // The provider's session is gone: signing in again asks for its login.
    const logins = provider.logins;
    await signInWithProvider(page, newcomer);
    await page.waitForURL(`${parley.baseUrl}/`);
    expect((await me(page)).userID).toBe(signedIn.userID);
    expect(provider.logins).toBe(logins + 1);
  });

  it("a provider session outlives a forum sign-out when the authenticator does not sign out there", async () => {
    const adminPage = await parley.newPage();
    await signInContext(adminPage, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new AuthenticatorsPage(adminPage, parley.baseUrl);
    await dashboard.goto();
    expect(await dashboard.setSignOutAtProvider("Test Provider", false)).toBe(true);
    await dashboard.status.waitFor();
    try {
      const page = await parley.newPage({ bypassCSP: true });
      const member = account();
      await signInWithProvider(page, member);
      await page.waitForURL(`${parley.baseUrl}/`);
      const signOut = new SignOutPage(page, parley.baseUrl);
      await signOut.goto();
      await signOut.submitButton.click();
      // The sign-out answers with a redirect home; the next navigation waits for it, or it is interrupted.
      await page.waitForURL(`${parley.baseUrl}/`);
      await expect.poll(async () => (await me(page)).userID).toBe(0);
      // Still signed in at the provider: the next sign-in there asks for no login.
      const logins = provider.logins;
      await signInWithProvider(page, member);
      await page.waitForURL(`${parley.baseUrl}/`);
      expect((await me(page)).userID).toBeGreaterThan(0);
      expect(provider.logins).toBe(logins);
    } finally {
      await dashboard.goto();
      await dashboard.setSignOutAtProvider("Test Provider", true);
      await dashboard.status.waitFor();
    }
  });

  it("the registration page offers the provider too", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const register = new SsoSignInPage(page, parley.baseUrl);
    await register.gotoRegister();
    await register.signInWith(label).waitFor();
  });

  it("links a member whose address matches only with their password; once the provider is trusted, at once", async () => {
    const first = newMember("linked");
    const firstID = await registerConfirmed(parley, first);
    const page = await parley.newPage({ bypassCSP: true });
    await signInWithProvider(page, account({ email: first.email }));
    await page.waitForURL(`${parley.baseUrl}/entry/connect`);
    const connect = new ConnectPage(page, parley.baseUrl);
    expect(await connect.intro.innerText()).toContain(
      "An account with this e-mail address exists. Enter its password to link the two.",
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await connect.linkWithPassword("not the password");
    await expect.poll(() => connect.fieldError("Password")).toBe("That password is not right.");
    await connect.linkWithPassword(first.password);
    await page.waitForURL(`${parley.baseUrl}/`);
    expect((await me(page)).userID).toBe(firstID);
    expect((await usersWithEmail(first.email)).length).toBe(1);

    // Trusted: the provider's confirmed address links at once.
    const adminPage = await parley.newPage();
    await signInContext(adminPage, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new AuthenticatorsPage(adminPage, parley.baseUrl);
    await dashboard.goto();
    await dashboard.setTrustEmail("Test Provider", true);
    await dashboard.status.waitFor();
    const second = newMember("trusted");
    const secondID = await registerConfirmed(parley, second);
    const other = await parley.newPage();
    await signInWithProvider(other, account({ email: second.email }));
    await other.waitForURL(`${parley.baseUrl}/`);
    expect((await me(other)).userID).toBe(secondID);
    await dashboard.goto();
    await dashboard.setTrustEmail("Test Provider", false);
    await dashboard.status.waitFor();
  });

  it("refuses a tampered state and a replayed callback with a clear page, and makes nothing", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const tampered = account();
    // The browser comes back with a state the forum never gave (an attacker's link, or a changed address).
    provider.tamperRedirect((callback) => {
      callback.searchParams.set("state", "tampered-state");
      return callback;
    });
    try {
      const signIn = await signInWithProvider(page, tampered);
      await page.waitForURL(/\/entry\/signin\?ssoError=state$/u);
      expect(await signIn.alert.innerText()).toBe(
        "This sign-in link has expired or was already used, or it was not started in this browser. Please sign in again.",
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      provider.tamperRedirect(null);
    }
    expect((await me(page)).userID).toBe(0);
    expect(await usersWithEmail(tampered.email)).toEqual([]);

    // A callback that worked once is refused the second time (in a browser of its own: the provider remembers
    // who signed in at it in the first one).
    const first = account();
    const replay = await parley.newPage();
    const callback = replay.waitForRequest((request) => request.url().includes("/callback?"));
    await signInWithProvider(replay, first);
    const callbackUrl = (await callback).url();
    await replay.waitForURL(`${parley.baseUrl}/`);
    await signOutAtProvider(replay);
    expect((await me(replay)).userID).toBe(0);
    await replay.goto(callbackUrl);
    await replay.waitForURL(/\/entry\/signin\?ssoError=state$/u);
    expect((await me(replay)).userID).toBe(0);
    expect((await usersWithEmail(first.email)).length).toBe(1);
  });

  const forgeries: Array<[string, (claims: Record<string, unknown>) => Record<string, unknown>]> = [
    ["a wrong nonce", (claims) => ({ ...claims, nonce: "not-the-nonce" })],
    [
      "an expired ID token",
      (claims) => ({ ...claims, iat: Number(claims["iat"]) - 7200, exp: Number(claims["iat"]) - 3600 }),
    ],
    ["a wrong audience", (claims) => ({ ...claims, aud: "another-client" })],
  ];
  for (const [what, change] of forgeries) {
    it(`refuses an ID token with ${what} with a clear page, and makes nothing`, async () => {
      const page = await parley.newPage({ bypassCSP: true });
      const forged = account();
      provider.tamper(change);
      try {
        const signIn = await signInWithProvider(page, forged);
        await page.waitForURL(/\/entry\/signin\?ssoError=token$/u);
        expect(await signIn.alert.innerText()).toBe(
          "The other site's answer could not be verified, so you were not signed in.",
        );
      } finally {
        provider.tamper(null);
      }
      expect((await me(page)).userID).toBe(0);
      expect(await usersWithEmail(forged.email)).toEqual([]);
    });
  }

  it("an administrator adds an OAuth 2 provider in its own form, and edits its addresses and profile keys", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new AuthenticatorsPage(page, parley.baseUrl);
    await dashboard.goto();
    const secret = "oauth2-secret-that-never-shows";
    await dashboard.addOAuth2({
      name: "Guild Accounts",
      authorizeUrl: "https://guild.example/oauth/authorize",
      tokenUrl: "https://guild.example/oauth/token",
      profileUrl: "https://guild.example/api/me",
      clientID: "guild",
      secret,
      uniqueIDKey: "id",
    });
    await dashboard.status.waitFor();
    expect(await page.content()).not.toContain(secret);

    const form = await dashboard.editOAuth2("Guild Accounts");
    expect(await form.getByLabel("Token URL", { exact: true }).inputValue()).toBe("https://guild.example/oauth/token");
    expect(await form.getByLabel("Unique ID key", { exact: true }).inputValue()).toBe("id");
    expect(await form.getByLabel("Client secret", { exact: true }).inputValue()).toBe("");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dashboard.changeOAuth2(form, { tokenUrl: "https://guild.example/oauth/v2/token", rolesKey: "groups" });
    await dashboard.status.waitFor();

    const saved = (await admin.get<Array<{ authenticatorID: number; name: string }>>("/authenticators")).find(
      (item) => item.name === "Guild Accounts",
    );
    const record = await admin.get<{ urls: { tokenUrl: string }; userMappings: { uniqueID: string; roles: string } }>(
      `/authenticators/oauth2/${saved?.authenticatorID}`,
    );
    expect(record.urls.tokenUrl).toBe("https://guild.example/oauth/v2/token");
    expect(record.userMappings).toMatchObject({ uniqueID: "id", roles: "groups" });
  });
});
