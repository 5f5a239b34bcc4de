import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./support/browser.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";

const parley = useParley();

const VIDEO = "dQw4w9WgXcQ";
/** Any request to YouTube or Google's video and image hosts: none may leave before the reader's click. */
const THIRD_PARTY = /youtube|ytimg|googlevideo|ggpht/;

describe("link previews (issue 32)", () => {
  it("shows a YouTube link alone on a line as a card that makes the player only when clicked", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "A video worth watching",
      body: `Watch this:\n\nhttps://www.youtube.com/watch?v=${VIDEO}\n\nand https://www.youtube.com/watch?v=${VIDEO} inline.`,
      categoryID: await categoryID(admin, "general"),
    });
    // The post was saved at once; the card comes once the background job has been (a read asks for it).
    await expect
      .poll(async () => (await admin.get<{ body: string }>(`/discussions/${discussion.discussionID}`)).body, {
        timeout: 20_000,
        interval: 250,
      })
      .toContain("linkPreview-youtube");

    const page = await parley.newPage();
    const problems = collectErrors(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (THIRD_PARTY.test(new URL(request.url()).hostname)) requests.push(request.url());
    });
    // The player is answered here: no internet needed, and the test sees the frame's request.
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>The player</p>" }),
    );

    const reader = new DiscussionPage(page, parley.baseUrl);
    await reader.goto(pathOf(discussion.url));
    await expect.poll(() => reader.previewCards.count()).toBe(1);
    const load = reader.previewLoad("Load video");
    expect(await load.isVisible()).toBe(true);
    expect(await reader.previewFrames.count()).toBe(0);
    expect(await reader.previewCards.locator("img").count(), "no thumbnail from the provider").toBe(0);
    // Without a click the link goes through the leaving page, like any link off the site.
    expect(await load.getAttribute("href")).toContain("/home/leaving?target=");
    await screenshot(page, "link-previews-card");
    await load.hover();
    expect(requests, "nothing went to YouTube before the click").toEqual([]);

    await load.click();
    await expect.poll(() => reader.previewFrames.count()).toBe(1);
    expect(await reader.previewFrames.getAttribute("src")).toBe(
      `https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`,
    );
    await expect.poll(() => requests).toEqual([`https://www.youtube-nocookie.com/embed/${VIDEO}?autoplay=1`]);
    expect(page.url(), "the click stayed on the page").toBe(`${parley.baseUrl}${pathOf(discussion.url)}`);
    await screenshot(page, "link-previews-player");
    expect(problems.errors).toEqual([]);
  });
});
