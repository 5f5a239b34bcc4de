import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInContext } from "./support/accounts.ts";
import { collectErrors, seriousAxeViolations } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { EmbedHostPage } from "./pages/EmbedHostPage.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";
import { AuthenticatorsPage, SsoSignInPage } from "./pages/SsoPages.ts";

/*
 * JWT SSO (issue 34): an administrator adds a JWT authenticator on the dashboard; the host site signs a token
 * with the shared secret and links to the forum with it; the browser lands signed in, with the roles the token
 * names. The same link followed again is refused with a clear page, and so is a link sending the browser away.
 * A host page embedding the forum (another port of 127.0.0.1: the same site) hands the embed element a token, and
 * the visitor is signed in inside the frame without a click. A host on another site (http://localhost, while the
 * forum is http://127.0.0.1) does the same with the site's cross-site sessions on: the frame's partitioned cookie
 * keeps the visitor signed in as they move and comment in the frame, and never signs in the forum's own tab.
 */

const parley = useParley();
const secret = "the-host-site-and-the-forum-share-this-secret";

interface Me {
  userID: number;
  name: string;
}

describe("signing in with a token the host site signed", () => {
  let admin: ApiSession;
  let signInLink = "";
  let host: Server | undefined;
  let otherSite: Server | undefined;

  beforeAll(async () => {
    admin = await signInAdmin(parley.baseUrl);
  });
  afterAll(async () => {
    for (const server of [host, otherSite])
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  const me = async (page: Page): Promise<Me> =>
    (await (await page.request.get(`${parley.baseUrl}/api/v2/users/me`)).json()) as Me;

  /**
   * What the host site signs for a member: a two-minute HS256 token for this forum, made by hand with node:crypto
   * (as a host site without a JWT library would), so the forum's check is not only jose agreeing with itself.
   */
  function hostToken(sub: string, claims: Record<string, unknown>): string {
    const now = Math.floor(Date.now() / 1000);
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const payload = {
      ...claims,
      sub,
      aud: "e2e-forum",
      iss: "https://host.example",
      iat: now,
      exp: now + 120,
      jti: `${sub}-${now}`,
    };
    const signed = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(payload)}`;
    return `${signed}.${createHmac("sha256", secret).update(signed).digest("base64url")}`;
  }

  /** The host site's link for a signed-in member: the dashboard's sign-in link with a token and a target. */
  function hostLink(sub: string, claims: Record<string, unknown>, target = "/categories"): string {
    const token = hostToken(sub, claims);
    const url = new URL(signInLink);
    url.searchParams.set("token", token);
    url.searchParams.set("target", target);
    return url.href;
  }

  it("an administrator adds a JWT authenticator on the dashboard; its secret is never shown", async () => {
    // (Without the page's CSP, so that axe-core can be injected.)
    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new AuthenticatorsPage(page, parley.baseUrl);
    await dashboard.goto();
    await dashboard.addJwt({
      name: "Host Site",
      audience: "e2e-forum",
      issuer: "https://host.example",
      secret,
      rolesClaim: "roles",
    });
    await dashboard.status.waitFor();
    const shown = await dashboard.jwtSignInLink("Host Site").innerText();
    expect(shown).toMatch(new RegExp(`^${parley.baseUrl}/entry/jwt\\?authenticatorID=\\d+&token=…&target=/…$`, "u"));
    signInLink = shown.slice(0, shown.indexOf("&token="));
    expect(await page.content()).not.toContain(secret);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(JSON.stringify(await admin.get("/authenticators"))).not.toContain(secret);
  });

  it("a member of the host site follows its link and lands signed in; the same link again is refused", async () => {
    expect(signInLink).not.toBe("");
    const link = hostLink("host-42", {
      name: "Host_Member_42",
      email: "host42@host.example",
      roles: ["Moderator"],
    });
    const page = await parley.newPage();
    await page.goto(link);
    await page.waitForURL(`${parley.baseUrl}/categories`);
    const signedIn = await me(page);
    expect(signedIn.name).toBe("Host_Member_42");
    const user = await admin.get<{ email: string; roles: Array<{ name: string }> }>(`/users/${signedIn.userID}`);
    expect(user.email).toBe("host42@host.example");
    expect(user.roles.map((role) => role.name)).toEqual(["Moderator"]);

    // Followed again (a shared or leaked link, in another browser): refused, and nobody is signed in.
    const replay = await parley.newPage({ bypassCSP: true });
    await replay.goto(link);
    await replay.waitForURL(/\/entry\/signin\?ssoError=used$/u);
    const refused = new SsoSignInPage(replay, parley.baseUrl);
    expect(await refused.alert.innerText()).toBe(
      "This sign-in link was already used. Please go back to the other site and sign in again.",
    );
    expect((await me(replay)).userID).toBe(0);
    expect(await seriousAxeViolations(replay)).toEqual([]);
  });

  it("refuses a link that would send the browser to another site, and makes nothing", async () => {
    const link = hostLink("host-43", { name: "Host_Member_43", email: "host43@host.example" }, "//evil.example/");
    const page = await parley.newPage();
    await page.goto(link);
    await page.waitForURL(/\/entry\/signin\?ssoError=target$/u);
    expect(await new SsoSignInPage(page, parley.baseUrl).alert.innerText()).toBe(
      "This sign-in link would have sent you to another site, so it was refused.",
    );
    expect(await admin.get<unknown[]>("/users?email=host43%40host.example")).toEqual([]);
  });

  it("signs the visitor in silently inside the embedded forum, with the token the host page gives its element", async () => {
    host = createServer((_request, response) => {
      const token = hostToken("host-44", { name: "Host_Member_44", email: "host44@host.example" });
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example Company</title>
<script defer src="${parley.baseUrl}/api/v2/assets/embed-script"></script></head>
<body><h1>Example Company</h1>
<vanilla-embed remote-url="${parley.baseUrl}" frame-title="Example community" sso-token="${token}"></vanilla-embed>
</body></html>`);
    });
    await new Promise<void>((resolve) => host!.listen(0, "127.0.0.1", resolve));
    const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    await admin.patch("/config", { "embed.enabled": true, "embed.remoteUrl": `${hostUrl}/community` });
    const page = await parley.newPage();
    const embedding = new EmbedHostPage(page, hostUrl);
    await embedding.open("/community#/categories");
    await embedding.forumHeading("Categories", { exact: true }).waitFor();
    await page.waitForURL(`${hostUrl}/community#/categories`);
    await expect.poll(async () => (await me(page)).name).toBe("Host_Member_44");
  });

  /**
   * A host page on another site (http://localhost, while the forum is http://127.0.0.1; Chromium takes Secure
   * cookies from both over http, and it blocks third-party cookies that are not partitioned). Under /community
   * every load signs a new token for the element (each signs in once); under /guests the element has none. The
   * forum is set to embed it at `path`, with the frame's sessions or not.
   */
  async function embedInOtherSite(path: string, crossSiteSessions: boolean): Promise<string> {
    if (!otherSite) {
      otherSite = createServer((request, response) => {
        const token = request.url?.startsWith("/guests")
          ? null
          : hostToken("host-45", { name: "Host_Member_45", email: "host45@host.example", email_verified: true });
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Other Company</title>
<script defer src="${parley.baseUrl}/api/v2/assets/embed-script"></script></head>
<body><h1>Other Company</h1>
<vanilla-embed remote-url="${parley.baseUrl}" frame-title="Other community"${token ? ` sso-token="${token}"` : ""}></vanilla-embed>
</body></html>`);
      });
      await new Promise<void>((resolve) => otherSite!.listen(0, "127.0.0.1", resolve));
    }
    const hostUrl = `http://localhost:${(otherSite.address() as AddressInfo).port}`;
    await admin.patch("/config", {
      "embed.enabled": true,
      "embed.remoteUrl": hostUrl + path,
      "embed.crossSiteSessions": crossSiteSessions,
    });
    return hostUrl;
  }

  it("keeps the visitor of a host on another site signed in inside the frame, and only there", async () => {
    const discussion = await createDiscussion(admin, {
      name: "Framed discussion from another site",
      body: "Comment on this from the host's frame.",
      categoryID: await categoryID(admin, "general"),
    });
    const hostUrl = await embedInOtherSite("/community", true);
    try {
      const page = await parley.newPage();
      const embedding = new EmbedHostPage(page, hostUrl);
      await embedding.open("/community#/discussions");
      await embedding.forumMemberName("Host_Member_45").waitFor();
      await embedding.forumEmbedded();

      // Another page in the frame: still signed in, and a comment goes through (the session's CSRF key).
      await embedding.forumLink(discussion.name).click();
      await embedding.forumHeading(discussion.name).waitFor();
      await page.waitForURL(new RegExp(`#/discussion/${discussion.discussionID}/`));
      await embedding.forumMemberName("Host_Member_45").waitFor();
      await embedding.postForumComment("Written inside the frame of another site.");
      await embedding.forumText("Written inside the frame of another site.").waitFor();
      await expect
        .poll(async () =>
          (await admin.get<Array<{ body: string }>>(`/comments?discussionID=${discussion.discussionID}`))
            .map((c) => c.body)
            .join(),
        )
        .toContain("Written inside the frame of another site.");

      // The forum's own tab in the same browser: the frame's session is not here.
      const forumTab = new ParleyPage(await page.context().newPage(), parley.baseUrl);
      await forumTab.open("/discussions");
      await forumTab.signInLink.waitFor();
      expect(await forumTab.memberName("Host_Member_45").count()).toBe(0);
    } finally {
      await admin.patch("/config", { "embed.crossSiteSessions": false });
    }
  });

  it("lets a visitor sign in with a password inside the frame of another site, move there, and sign out", async () => {
    const hostUrl = await embedInOtherSite("/guests", false);
    try {
      // Without the setting the frame's session cookie (SameSite=Lax) is not kept: still a guest after signing in.
      const before = await parley.newPage();
      const refused = new EmbedHostPage(before, hostUrl);
      await refused.open("/guests#/entry/signin");
      await refused.forumEmbedded();
      const answered = before.waitForResponse((response) => response.url().endsWith("/api/v2/authenticate/password"));
      await refused.signInInForum("admin", adminPassword);
      // The server signed in (and set its cookie): the browser did not keep it.
      expect((await answered).status()).toBe(201);
      await refused.forumSignInLink.waitFor();
      await refused.open("/guests#/categories");
      await refused.forumHeading("Categories", { exact: true }).waitFor();
      expect(await refused.forumSignInLink.count()).toBe(1);

      await admin.patch("/config", { "embed.crossSiteSessions": true });
      const page = await parley.newPage();
      const problems = collectErrors(page);
      const embedding = new EmbedHostPage(page, hostUrl);
      await embedding.open("/guests#/entry/signin");
      await embedding.forumEmbedded();
      await embedding.signInInForum("admin", adminPassword);
      await embedding.forum.getByRole("button", { name: "My Account" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/guests");
      // The session is the frame's partitioned cookie, not the Lax one.
      const names = (await page.context().cookies(parley.baseUrl)).map((cookie) => cookie.name);
      expect(names).toContain("parley_embed_session");
      expect(names).not.toContain("parley_session");

      // Moving in the frame, and loading the host page again: still signed in there.
      await embedding.forumLink("Categories").first().click();
      await embedding.forumHeading("Categories", { exact: true }).waitFor();
      await embedding.forum.getByRole("button", { name: "My Account" }).waitFor();
      await embedding.open("/guests#/discussions");
      await embedding.forumHeading("Recent Discussions").waitFor();
      await embedding.forum.getByRole("button", { name: "My Account" }).waitFor();

      // Signing out in the frame ends that session: the host page loaded again shows a guest.
      await embedding.signOutInForum();
      await embedding.forumSignInLink.waitFor();
      await embedding.open("/guests#/categories");
      await embedding.forumHeading("Categories", { exact: true }).waitFor();
      expect(await embedding.forumSignInLink.count()).toBe(1);
      expect((await page.context().cookies(parley.baseUrl)).map((cookie) => cookie.name)).not.toContain(
        "parley_embed_session",
      );
      expect(problems.errors).toEqual([]);
    } finally {
      await admin.patch("/config", { "embed.crossSiteSessions": false });
    }
  });
});
