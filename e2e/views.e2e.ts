import { describe, expect, it } from "vitest";
import { collectErrors, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";

const parley = useParley();

describe("a discussion's views (POST /tick)", () => {
  it("counts a reader's visit once, from the browser, also when the page came from the guests' cache", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(admin, {
      name: "Counting the readers of this page",
      body: "Each reader counts once.",
      categoryID: await categoryID(admin, "general"),
    });
    const views = async () =>
      (await admin.get<{ countViews: number }>(`/discussions/${discussion.discussionID}`)).countViews;
    expect(await views()).toBe(0);
    // A crawler's fetch of the page (no script run) counts nothing.
    expect((await fetch(discussion.url)).status).toBe(200);

    // Headless Chromium says so in its user agent: an automated visit, not counted.
    const automated = await parley.newPage();
    await automated.goto(discussion.url);
    await waitForHydration(automated);

    // A reader's browser.
    const userAgent = (await automated.evaluate(() => navigator.userAgent)).replace("HeadlessChrome", "Chrome");
    const page = await parley.newPage({ userAgent });
    const problems = collectErrors(page);
    const response = await page.goto(discussion.url);
    // The page as the guests' cache keeps it: the count comes from the browser, not the render.
    expect(response?.headers()["x-parley-cache"]).toBe("hit");
    await waitForHydration(page);
    // The server writes the counted views every few seconds.
    await expect.poll(views, { timeout: 15_000, interval: 500 }).toBe(1);
    // The same reader reloading: still one.
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(6_000);
    expect(await views()).toBe(1);
    expect(problems.errors).toEqual([]);
  }, 40_000);
});
