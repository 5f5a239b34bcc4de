import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaScrape, type Discussion } from "@parley/contracts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { startPreviewServer, type PreviewServer } from "../../test/preview-server.ts";
import { LINK_PREVIEWS_JOB, urlHash } from "./previews.service.ts";

const cast = { ann: { name: "Ann Linker", role: "member", bypassSpam: true } } as const;

describe.each(engines)("link previews on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  let server: PreviewServer;

  beforeAll(async () => {
    server = await startPreviewServer();
    f = await createContentFixture(engine, cast);
    await f.t.app.platform.siteConfig.set("linkPreviews.allowedHosts", "127.0.0.1");
  });
  afterAll(async () => {
    await f?.t.close();
    await server?.close();
  });

  const runJob = () => f.t.app.platform.jobs.runNow(LINK_PREVIEWS_JOB);
  const body = async (discussionID: number) => {
    const response = await f.api.get(`/api/v2/discussions/${discussionID}`, { as: f.as.ann });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Discussion>().body ?? "";
  };
  const row = (url: string) =>
    f.t.database.db.selectFrom("linkPreviews").selectAll().where("urlHash", "=", urlHash(url)).executeTakeFirst();
  const post = (text: string, format = "markdown") =>
    postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, body: text, format });

  it("saves the post at once and shows the card once the background job fetched the page", async () => {
    const og = `${server.origin}/og`;
    const inSentence = `${server.origin}/twitter`;
    const discussion = await post(`Look at this:\n\n${og}\n\nand ${inSentence} in a sentence.`);
    // Saved and shown without waiting: the address is a plain link, nothing fetched yet.
    expect(discussion.body).not.toContain("linkPreview");
    expect(discussion.body).toContain(`>${og}</a>`);
    expect(server.hits.get("/og") ?? 0).toBe(0);

    await runJob();
    const html = await body(discussion.discussionID);
    const leaving = `http://forum.test/home/leaving?target=${encodeURIComponent(og)}`;
    expect(html).toContain(
      `<span class="linkPreview"><a href="${leaving}" rel="nofollow ugc noopener" class="linkPreview-link">`,
    );
    expect(html).toContain('<span class="linkPreview-title">An Open Graph page</span>');
    expect(html).toContain('<span class="linkPreview-description">What the page is about &amp; more.</span>');
    expect(html).toContain('<span class="linkPreview-site">Test Site</span>');
    expect(html).toContain(
      `<img src="${server.origin}/picture.png" alt="" loading="lazy" class="linkPreview-image" />`,
    );
    expect(html).not.toContain("Not the title");
    // The address inside a sentence stays a link, and was never fetched.
    expect(html).toContain(`>${inSentence}</a> in a sentence.`);
    expect(server.hits.get("/twitter") ?? 0).toBe(0);
    expect(await row(og)).toMatchObject({ url: og, status: "ok", title: "An Open Graph page", siteName: "Test Site" });

    // Fetched once: later reads and later posts of the same address use what is known.
    await post(`Again\n${og}`, "text");
    await runJob();
    expect(server.hits.get("/og")).toBe(1);
  });

  it("finds a URL alone on a line in every format", async () => {
    const og = `${server.origin}/og`;
    const bodies: [string, string][] = [
      ["text", `first line\n${og}\nlast line`],
      ["html", `<p>Intro</p><p>${og}</p>`],
      ["bbcode", `Intro\n${og}`],
      ["rich2", JSON.stringify([{ type: "p", children: [{ text: og }] }])],
      ["rich", JSON.stringify([{ insert: `Intro\n${og}\n` }])],
    ];
    for (const [format, text] of bodies) {
      const discussion = await post(text, format);
      await runJob();
      expect(await body(discussion.discussionID), format).toContain("An Open Graph page</span>");
    }
    const comment = await postComment(f.api, f.as.ann, (await post("A discussion")).discussionID, `See\n\n${og}`);
    const comments = await f.api.get(`/api/v2/comments/${comment.commentID}`, { as: f.as.ann });
    expect(comments.json<{ body: string }>().body).toContain("linkPreview-title");
  });

  it("uses the page's oEmbed data and keeps none of its HTML", async () => {
    const address = `${server.origin}/oembed-page`;
    const discussion = await post(address);
    await runJob();
    const html = await body(discussion.discussionID);
    expect(server.hits.get("/oembed.json")).toBe(1);
    expect(html).toContain('<span class="linkPreview-title">An oEmbed title</span>');
    expect(html).toContain('<span class="linkPreview-site">Oembed Provider</span>');
    expect(html).toContain('<span class="linkPreview-description">From the page.</span>');
    expect(html).not.toMatch(/<iframe|<script|evil\.example/);
  });

  it("builds the card from escaped text and drops javascript: images", async () => {
    const discussion = await post(`${server.origin}/hostile`);
    await runJob();
    const html = await body(discussion.discussionID);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;Hostile</span>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;</span>");
    expect(html).toContain('"&gt;&lt;b&gt;bold&lt;/b&gt;</span>');
    expect(html).not.toMatch(/<script|<b>|javascript:|<img/);
    expect(html).not.toContain("<img");
  });

  it("keeps a failure briefly, then tries again; a refused address never gets a card", async () => {
    const address = `${server.origin}/no-title`;
    const discussion = await post(`Dead\n\n${address}`);
    await runJob();
    expect(await body(discussion.discussionID)).not.toContain("linkPreview");
    expect(await row(address)).toMatchObject({ status: "failed" });
    await body(discussion.discussionID);
    await runJob();
    expect(server.hits.get("/no-title")).toBe(1);
    f.t.clock.advance(2 * 60 * 60 * 1000);
    await body(discussion.discussionID);
    await runJob();
    expect(server.hits.get("/no-title")).toBe(2);

    const local = `http://localhost:${server.port}/og`;
    const refused = await post(`Local\n\n${local}`);
    await runJob();
    expect(await body(refused.discussionID)).not.toContain("linkPreview");
    expect(await row(local)).toMatchObject({ status: "failed", failure: "forbiddenAddress" });
  });

  it("shows a YouTube video as a click-to-load card that loads nothing from YouTube", async () => {
    const discussion = await post("Watch\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await runJob();
    const html = await body(discussion.discussionID);
    expect(html).toContain('<span class="linkPreview linkPreview-youtube">');
    expect(html).toMatch(
      /<a href="[^"]+" rel="nofollow ugc noopener" class="linkPreview-load" data-provider="youtube" data-embed-id="dQw4w9WgXcQ">/,
    );
    expect(html).toContain(">Load video</a>");
    expect(html).not.toMatch(/<iframe|<img/);
  });

  it("POST /media/scrape reads a preview at once for a member, through the same SSRF-safe fetcher", async () => {
    const scrape = (body: object, as: typeof f.as.ann | null = f.as.ann) =>
      f.api.post("/api/v2/media/scrape", body, { as });
    const og = `${server.origin}/og`;
    const kept = server.hits.get("/og") ?? 0;
    const response = await scrape({ url: og });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(MediaScrape, response.json());
    expect(response.json()).toEqual({
      url: og,
      type: "link",
      name: "An Open Graph page",
      body: "What the page is about & more.",
      photoUrl: `${server.origin}/picture.png`,
      height: null,
      width: null,
      attributes: { siteName: "Test Site" },
    });
    // A fresh preview is kept; `force` reads the page again.
    expect(server.hits.get("/og") ?? 0).toBe(kept);
    expect((await scrape({ url: og, force: true })).statusCode).toBe(201);
    expect(server.hits.get("/og")).toBe(kept + 1);

    const video = await scrape({ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    expect(video.json()).toMatchObject({ type: "youtube", attributes: { embedID: "dQw4w9WgXcQ" } });
    // Private addresses stay refused, directly or through a redirect.
    const local = `http://localhost:${server.port}/og`;
    expect((await scrape({ url: local })).statusCode).toBe(422);
    expect(
      (await scrape({ url: `${server.origin}/redirect?to=${encodeURIComponent(local)}`, force: true })).statusCode,
    ).toBe(422);
    expect((await scrape({ url: "javascript:alert(1)" })).statusCode).toBe(422);
    expect((await scrape({ url: og }, null)).statusCode).toBe(403);
    expect((await scrape({})).statusCode).toBe(400);
    await f.t.app.platform.siteConfig.set("linkPreviews.enabled", false);
    try {
      expect((await scrape({ url: og })).statusCode).toBe(403);
    } finally {
      await f.t.app.platform.siteConfig.set("linkPreviews.enabled", true);
    }
  });

  it("turns previews off with linkPreviews.enabled", async () => {
    await f.t.app.platform.siteConfig.set("linkPreviews.enabled", false);
    const address = `${server.origin}/twitter`;
    const discussion = await post(address);
    await runJob();
    expect(await body(discussion.discussionID)).not.toContain("linkPreview");
    expect(server.hits.get("/twitter") ?? 0).toBe(0);
    await f.t.app.platform.siteConfig.set("linkPreviews.enabled", true);
  });
});
