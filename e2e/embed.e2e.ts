import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { EmbedHostPage } from "./pages/EmbedHostPage.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";

const parley = useParley();

/**
 * The host page of another origin (another port of 127.0.0.1: the same site, as a company's www and
 * forum hosts are), embedding the forum with the script and element the settings page names.
 */
function hostPage(forumUrl: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example Company</title>
<script defer src="${forumUrl}/api/v2/assets/embed-script"></script></head>
<body><header><h1>Example Company</h1><a href="#/categories">Our forum's categories</a></header>
<vanilla-embed remote-url="${forumUrl}" frame-title="Example community"></vanilla-embed></body></html>`;
}

describe("embedding in a host page (spec §4)", () => {
  let host: Server;
  let hostUrl = "";
  let admin: ApiSession;

  beforeAll(async () => {
    host = createServer((request, response) => {
      if (request.url === "/community") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(hostPage(parley.baseUrl));
      } else {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="en"><head><title>Elsewhere</title></head><body>Elsewhere</body></html>`,
        );
      }
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    admin = await signInAdmin(parley.baseUrl);
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  const allowEmbedding = (values: Record<string, unknown>) => admin.patch("/config", values);

  it("is refused by the browser until the site allows the host page", async () => {
    await allowEmbedding({ "embed.enabled": false, "embed.remoteUrl": `${hostUrl}/community` });
    const page = await parley.newPage();
    const embedding = new EmbedHostPage(page, hostUrl);
    await embedding.open("/community#/discussions");
    // Chromium shows its own error page in a frame the forum's headers refuse.
    await page.waitForTimeout(1_000);
    expect(await embedding.forumHeading("Recent Discussions").count()).toBe(0);
  });

  it("runs in the frame: the host's address and title follow it, reload and links come back to it", async () => {
    await allowEmbedding({ "embed.enabled": true, "embed.remoteUrl": `${hostUrl}/community` });
    const general = await categoryID(admin, "general");
    const discussion = await createDiscussion(admin, {
      name: "Embedded discussion about greenhouses",
      body: `Greenhouses are warm. See [our other site](${hostUrl}/elsewhere) for more.`,
      categoryID: general,
    });
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const embedding = new EmbedHostPage(page, hostUrl);
    await embedding.open("/community#/discussions");
    await embedding.forumHeading("Recent Discussions").waitFor();
    await page.waitForFunction(() => document.title === "Recent Discussions - Parley");
    expect(await embedding.titled("Example community").count()).toBe(1);

    // A page opened in the frame: the host's address keeps it, the title follows.
    await embedding.forumLink("Embedded discussion about greenhouses").first().click();
    await embedding.forumHeading("Embedded discussion about greenhouses").waitFor();
    const path = new URL(discussion.url).pathname;
    await page.waitForURL(`${hostUrl}/community#${path}`);
    await page.waitForFunction(() => document.title.startsWith("Embedded discussion about greenhouses"));
    await screenshot(page, "embed-discussion");

    // The address is a bookmark: a reload opens the same page in the frame.
    await page.reload();
    await embedding.forumHeading("Embedded discussion about greenhouses").waitFor();
    // A link of the host page to a forum page (its `#`) opens it in the frame.
    await embedding.hostLink("Our forum's categories").click();
    await embedding.forumHeading("Categories", { exact: true }).waitFor();

    // A link to another site leaves the forum's interstitial in the host's window, not in the frame.
    await embedding.open(`/community#${path}`);
    await embedding.forumLink("our other site").click();
    await embedding.forumHeading("Leaving Parley").waitFor();
    await embedding.forumEmbedded();
    await embedding.forumLink("Continue").click();
    await page.waitForURL(`${hostUrl}/elsewhere`);
    expect(problems.errors).toEqual([]);
  });

  it("lets a member sign in inside the frame (host and forum on one site)", async () => {
    await allowEmbedding({ "embed.enabled": true, "embed.remoteUrl": `${hostUrl}/community` });
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const embedding = new EmbedHostPage(page, hostUrl);
    await embedding.open("/community#/entry/signin");
    const main = embedding.forumMain;
    await main.getByLabel("Email/Username", { exact: true }).fill("admin");
    await main.getByLabel("Password", { exact: true }).fill(adminPassword);
    await main.getByRole("button", { name: "Sign In" }).click();
    await embedding.forum.getByRole("button", { name: "My Account" }).waitFor();
    // The sign-in went home inside the frame; the host page stayed.
    expect(new URL(page.url()).pathname).toBe("/community");
    expect(problems.errors).toEqual([]);
  });

  it("sends readers who open the forum on its own to the host page, but for a bypass and sign-in", async () => {
    await allowEmbedding({
      "embed.enabled": true,
      "embed.remoteUrl": `${hostUrl}/community`,
      "embed.forceEmbed": true,
    });
    try {
      const page = await parley.newPage();
      await page.goto(`${parley.baseUrl}/categories`);
      await page.waitForURL(`${hostUrl}/community#/categories`);
      await new EmbedHostPage(page, hostUrl).forumHeading("Categories", { exact: true }).waitFor();

      const own = await parley.newPage();
      const forum = new ParleyPage(own, parley.baseUrl);
      await own.goto(`${parley.baseUrl}/entry/signin`);
      await forum.headingNamed("Sign In").first().waitFor();
      await own.waitForTimeout(500);
      expect(own.url()).toBe(`${parley.baseUrl}/entry/signin`);
      // The bypass lasts for the tab.
      await own.goto(`${parley.baseUrl}/discussions?embedBypass=1`);
      await forum.headingNamed("Recent Discussions").waitFor();
      await own.goto(`${parley.baseUrl}/categories`);
      await forum.headingNamed("Categories", { exact: true }).waitFor();
      await own.waitForTimeout(500);
      expect(own.url()).toBe(`${parley.baseUrl}/categories`);
    } finally {
      await allowEmbedding({ "embed.forceEmbed": false });
    }
  });
});
