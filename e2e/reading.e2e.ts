import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, waitForHydration } from "./support/browser.ts";
import { demoDiscussionsByLastComment, welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";

const parley = useParley();

/** A guest reading with JavaScript: client-side navigation, the sort selects, paging and the back button. */
describe("a guest reads the forum (JavaScript on)", () => {
  it("reads the list, opens a discussion, sorts its comments, goes to page 2 of the list and back", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const discussions = new DiscussionsPage(page, parley.baseUrl);
    await discussions.goto();
    await waitForHydration(page);
    expect(await discussions.list.titles()).toEqual(demoDiscussionsByLastComment.slice(0, 10));

    // Open the announcement from the list: a client-side navigation to its page.
    let documents = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents += 1;
    });
    await discussions.list.link(welcome.title).click();
    await page.waitForURL(`${parley.baseUrl}${welcome.path}`);
    const discussion = new DiscussionPage(page, parley.baseUrl);
    await expect.poll(() => discussion.heading.innerText()).toBe(welcome.title);
    expect(await discussion.comments.allInnerTexts()).toHaveLength(welcome.comments.length);
    const oldestFirst = await discussion.commentIDs();
    expect(await page.title()).toBe(`${welcome.title} - Parley`);

    // Newest first: the sort goes into the URL; back to Oldest, the default, leaves it out again.
    const sort = discussion.commentSort;
    expect(await sort.inputValue()).toBe("dateInserted");
    await sort.selectOption({ label: "Newest" });
    await page.waitForURL(`${parley.baseUrl}${welcome.path}?sort=-dateInserted`);
    await expect.poll(() => discussion.commentIDs()).toEqual([...oldestFirst].reverse());
    await screenshot(page, "reading-comments-newest");
    await sort.selectOption({ label: "Oldest" });
    await page.waitForURL(`${parley.baseUrl}${welcome.path}`);
    await expect.poll(() => discussion.commentIDs()).toEqual(oldestFirst);

    // Back to the list, then its second page through the pager, and back again.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`${parley.baseUrl}/discussions`);
    await expect.poll(() => discussions.list.titles()).toEqual(demoDiscussionsByLastComment.slice(0, 10));
    await discussions.list.nextPageLink.click();
    await page.waitForURL(`${parley.baseUrl}/discussions?page=2`);
    await expect.poll(() => discussions.list.titles()).toEqual(demoDiscussionsByLastComment.slice(10));
    expect(await discussions.list.pagerSummary()).toBe("11 - 14 of 14");
    await screenshot(page, "reading-discussions-page-2");
    await page.goBack();
    await page.waitForURL(`${parley.baseUrl}/discussions`);
    await expect.poll(() => discussions.list.titles()).toEqual(demoDiscussionsByLastComment.slice(0, 10));

    // All of it without loading another document, and without console errors.
    expect(documents).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it("sorts a discussion's comments without JavaScript through the Sort button", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const discussion = new DiscussionPage(page, parley.baseUrl);
    await discussion.goto(welcome.path);
    const oldestFirst = await discussion.commentIDs();
    await discussion.commentSort.selectOption({ label: "Newest" });
    await Promise.all([page.waitForURL(/sort=-dateInserted/), discussion.commentSortButton.click()]);
    expect(new URL(page.url()).pathname).toBe(welcome.path);
    expect(await discussion.commentIDs()).toEqual([...oldestFirst].reverse());
  });
});
