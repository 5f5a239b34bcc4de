import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshot, waitForHydration } from "./support/browser.ts";
import { newMember, registerThroughApi, type Member } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";
import { SignOutPage } from "./pages/SignOutPage.ts";

const parley = useParley();

/**
 * Another site: `localhost` on its own port, while Parley is `127.0.0.1` (a different host, so a
 * different site for SameSite cookies). `/?parley=<origin>&action=<path>[&field=value…]` is a page
 * whose one form posts the other query parameters to that Parley path.
 */
let attacker: Server;
let attackerOrigin = "";
beforeAll(async () => {
  attacker = createServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://attacker").searchParams;
    const action = `${query.get("parley") ?? ""}${query.get("action") ?? "/"}`;
    const fields = [...query]
      .filter(([name]) => name !== "parley" && name !== "action")
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join("");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>Free prizes</title></head><body>
      <h1>Free prizes</h1><form method="post" action="${action}">${fields}<button>Claim your prize</button></form>
      </body></html>`);
  });
  // No host: both IPv4 and IPv6 loopback, whichever `localhost` resolves to.
  await new Promise<void>((resolve) => attacker.listen(0, resolve));
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => attacker?.close(() => resolve())));

/** Opens the attacker's page in the victim's browser (same context) and presses its button. */
async function submitFromAttacker(victim: Page, action: string, fields: Record<string, string>, shot: string) {
  const evil = await victim.context().newPage();
  await evil.goto(`${attackerOrigin}/?${new URLSearchParams({ parley: parley.baseUrl, action, ...fields })}`);
  await screenshot(evil, `${shot}-attacker-page`);
  const [post] = await Promise.all([
    evil.waitForRequest((request) => request.method() === "POST" && request.url().startsWith(parley.baseUrl)),
    evil.getByRole("button", { name: "Claim your prize" }).click(),
  ]);
  const response = await post.response();
  const result = {
    headers: await post.allHeaders(),
    status: response?.status(),
    setCookie: await response?.headerValue("set-cookie"),
  };
  await evil.waitForLoadState("load");
  await screenshot(evil, `${shot}-after-post`);
  await evil.close();
  return result;
}

async function registerAndSignIn(page: Page): Promise<Member> {
  const member = newMember("csrf");
  await registerThroughApi(parley.baseUrl, member);
  const signIn = new SignInPage(page, parley.baseUrl);
  await signIn.goto("/categories");
  await waitForHydration(page);
  await signIn.signIn(member.name, member.password);
  await page.waitForURL(`${parley.baseUrl}/categories`);
  await waitForHydration(page);
  return member;
}

/** GET /api/v2/users/me from inside the Parley page (its cookies, its origin). */
const meInPage = (page: Page) =>
  page.evaluate(async () => (await (await fetch("/api/v2/users/me")).json()) as { userID: number; name: string });

describe("cross-site requests against a signed-in member", () => {
  it("a cross-site form post reaches Parley without the session cookie (SameSite=Lax)", async () => {
    const page = await parley.newPage();
    await registerAndSignIn(page);
    const { headers } = await submitFromAttacker(
      page,
      "/entry/signout?Target=%2F",
      { from: "attacker" },
      "csrf-signout",
    );
    expect(headers["origin"]).toBe(attackerOrigin);
    expect(headers["cookie"] ?? "").not.toContain("parley_session");
  });

  it("a form on another site posting to /entry/signout is refused (403) and the session survives", async () => {
    const page = await parley.newPage();
    const member = await registerAndSignIn(page);
    expect((await meInPage(page)).name).toBe(member.name);
    const post = await submitFromAttacker(page, "/entry/signout?Target=%2F", { from: "attacker" }, "csrf-signout");
    expect((await meInPage(page)).name).toBe(member.name);
    expect(post.setCookie ?? "").not.toContain("parley_session");
    expect(post.status).toBe(403);
  });

  it("fetch from another site cannot sign out (the CORS preflight stops it) and reads nothing", async () => {
    const page = await parley.newPage();
    const member = await registerAndSignIn(page);
    const evil = await page.context().newPage();
    await evil.goto(`${attackerOrigin}/?parley=${encodeURIComponent(parley.baseUrl)}`);
    const outcome = await evil.evaluate(async (parleyOrigin) => {
      const attempt = async (url: string, init: RequestInit) => {
        try {
          return `status ${(await fetch(url, { credentials: "include", ...init })).status}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      };
      return {
        signOut: await attempt(`${parleyOrigin}/api/v2/authenticate`, {
          method: "DELETE",
          headers: { "X-Requested-With": "vanilla" },
        }),
        me: await attempt(`${parleyOrigin}/api/v2/users/me`, {}),
      };
    }, parley.baseUrl);
    expect(outcome).toEqual({ signOut: "refused: TypeError", me: "refused: TypeError" });
    expect((await meInPage(page)).name).toBe(member.name);
  });
});

describe("cross-site sign-in (login CSRF)", () => {
  it("a form on another site cannot sign the visitor in as someone else", async () => {
    const page = await parley.newPage();
    const attackerAccount = newMember("evil");
    await registerThroughApi(parley.baseUrl, attackerAccount);
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    await waitForHydration(page);
    expect((await meInPage(page)).userID).toBe(0);
    const post = await submitFromAttacker(
      page,
      "/entry/signin?Target=%2F",
      { username: attackerAccount.name, password: attackerAccount.password },
      "csrf-signin",
    );
    expect((await meInPage(page)).userID).toBe(0);
    expect(post.status).toBe(403);
  });
});

describe("the server's own CSRF check (session cookie attached explicitly, foreign Origin)", () => {
  it("answers 403 'Invalid CSRF token.' and keeps the session; the transient key gets through", async () => {
    const page = await parley.newPage();
    const member = await registerAndSignIn(page);
    // page.request shares the context's cookies: these requests carry the session like a browser would.
    const cookies = await page.context().cookies(parley.baseUrl);
    expect(cookies.map((cookie) => cookie.name)).toContain("parley_session");
    const foreign = { Origin: attackerOrigin, Referer: `${attackerOrigin}/` };

    const formPost = await page.request.post(`${parley.baseUrl}/entry/signout`, {
      form: { from: "attacker" },
      headers: foreign,
      maxRedirects: 0,
    });
    expect(formPost.status()).toBe(403);
    expect(formPost.headers()["set-cookie"] ?? "").not.toContain("parley_session");

    const apiSignOut = await page.request.delete(`${parley.baseUrl}/api/v2/authenticate`, {
      headers: { ...foreign, "X-Requested-With": "vanilla" },
    });
    expect(apiSignOut.status()).toBe(403);
    expect(await apiSignOut.json()).toMatchObject({ message: "Invalid CSRF token.", status: 403 });

    const apiSignIn = await page.request.post(`${parley.baseUrl}/api/v2/authenticate/password`, {
      data: { username: member.name, password: member.password },
      headers: foreign,
    });
    expect(apiSignIn.status()).toBe(403);
    expect(await apiSignIn.json()).toMatchObject({ message: "Invalid CSRF token." });

    // A wrong transient key is no better than none.
    const wrongKey = await page.request.post(`${parley.baseUrl}/entry/signout`, {
      form: { transientKey: "not-the-key" },
      headers: foreign,
      maxRedirects: 0,
    });
    expect(wrongKey.status()).toBe(403);
    expect((await meInPage(page)).name).toBe(member.name);

    // Control: the Sign Out page's own form (its hidden transient key) does sign out.
    const signOut = new SignOutPage(page, parley.baseUrl);
    await signOut.goto();
    await waitForHydration(page);
    const transientKey = await signOut.transientKeyField.inputValue();
    const genuine = await page.request.post(`${parley.baseUrl}/entry/signout`, {
      form: { transientKey },
      maxRedirects: 0,
    });
    expect(genuine.status()).toBe(303);
    expect((await meInPage(page)).userID).toBe(0);
  });
});
