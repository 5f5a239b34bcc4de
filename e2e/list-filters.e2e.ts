import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionActionsPage } from "./pages/DiscussionActions.ts";
import { DiscussionsPage } from "./pages/DiscussionsPage.ts";
import { SignInPage } from "./pages/SignInPage.ts";
import { TagIndexPage } from "./pages/TagIndexPage.ts";

const parley = useParley();

/** The demo discussions carrying a tag (see the seed): postgresql is only on one of them. */
const postgres = "Running Parley on PostgreSQL";
const features = "Favourite forum features?";

/** The path of a demo discussion, as the list API answers it, and its category. */
async function discussionNamed(page: Page, name: string): Promise<{ path: string; categoryID: number }> {
  const response = await page.request.get(`${parley.baseUrl}/api/v2/discussions?limit=30`);
  const found = ((await response.json()) as Array<{ name: string; url: string; categoryID: number }>).find(
    (discussion) => discussion.name === name,
  )!;
  return { path: new URL(found.url).pathname, categoryID: found.categoryID };
}

/** Every serious axe violation at 1280 px and at 375 px, with a screenshot at each width. */
async function checkPage(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousAxeViolations(page), name).toEqual([]);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await seriousAxeViolations(page), `${name} at 375 px`).toEqual([]);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("the discussion lists: a member's own, unanswered, a tag's, and /tags", () => {
  it("a member bookmarks a discussion and finds it under Bookmarks; My Discussions and Unanswered list theirs", async () => {
    const member = newMember("lists");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const target = await discussionNamed(page, features);
    // The member's own discussion, which no one has answered yet.
    const mine = `A question from ${member.name}`;
    const posted = await page.request.post(`${parley.baseUrl}/api/v2/discussions`, {
      data: { name: mine, body: "Has anyone tried this?", format: "markdown", categoryID: target.categoryID },
      headers: { origin: parley.baseUrl, "x-requested-with": "XMLHttpRequest" },
    });
    expect(posted.status(), await posted.text()).toBe(201);

    const discussion = new DiscussionActionsPage(page, parley.baseUrl);
    expect((await discussion.open(target.path)).status()).toBe(200);
    await waitForHydration(page);
    await discussion.bookmarkButton.click();
    await expect.poll(() => discussion.bookmarkButton.getAttribute("aria-label")).toBe("Unbookmark");

    // The title bar's My Account menu leads to the bookmarks.
    const lists = new DiscussionsPage(page, parley.baseUrl);
    await lists.accountMenuLink("Bookmarks").click();
    await page.waitForURL(/\/discussions\/bookmarked$/);
    await expect.poll(() => lists.list.titles()).toEqual([features]);
    expect(await lists.heading.innerText()).toBe("Bookmarked Discussions");
    expect(await page.title()).toContain("Bookmarked Discussions");
    expect(await lists.list.filterSelect.locator("option").allInnerTexts()).toEqual([
      "All Discussions",
      "Unanswered",
      "Bookmarked",
      "Participated",
      "Mine",
    ]);
    await checkPage(page, "lists-bookmarked");

    // The sort is kept from list to list.
    await lists.list.chooseSort("Oldest");
    await expect.poll(() => new URL(page.url()).search).toBe("?sort=dateInserted");
    await lists.list.chooseFilter("Mine");
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe("/discussions/mine?sort=dateInserted");
    await expect.poll(() => lists.list.titles()).toEqual([mine]);
    expect(await lists.list.currentSort()).toBe("Oldest");

    await lists.accountMenuLink("My Discussions").click();
    await page.waitForURL(/\/discussions\/mine$/);
    await expect.poll(() => lists.list.titles()).toEqual([mine]);
    expect(await lists.heading.innerText()).toBe("My Discussions");
    await checkPage(page, "lists-mine");

    await lists.list.chooseFilter("Unanswered");
    await page.waitForURL(/\/discussions\/unanswered$/);
    await expect.poll(() => lists.list.titles()).toContain(mine);
    expect(await lists.list.titles()).not.toContain(features);
    expect(await lists.heading.innerText()).toBe("Unanswered Discussions");
    expect(await lists.canonical()).toBe(`${parley.baseUrl}/discussions/unanswered`);
    await checkPage(page, "lists-unanswered");
    expect(problems.errors).toEqual([]);
  });

  it("a new member's empty lists say why and where to go, from the server and after moving in the app", async () => {
    const member = newMember("empty");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);
    const lists = new DiscussionsPage(page, parley.baseUrl);
    // Server-rendered: the sentence and the way back to the recent discussions.
    expect((await lists.open("/discussions/bookmarked")).status()).toBe(200);
    const empty = lists.list.emptyState;
    expect(await empty.innerText()).toContain("You have not bookmarked any discussions yet.");
    expect(await empty.getByRole("link", { name: "Recent Discussions" }).getAttribute("href")).toBe("/discussions");
    await waitForHydration(page);
    await checkPage(page, "lists-empty-bookmarked");

    // Moved to by the app (the part comes on demand): each list in its own words.
    await lists.list.chooseFilter("Participated");
    await page.waitForURL(/\/discussions\/participated$/);
    await empty.getByText("You have not taken part in any discussions yet.").waitFor();
    await lists.list.chooseFilter("Mine");
    await page.waitForURL(/\/discussions\/mine$/);
    await empty.getByText("You have not started any discussions yet.").waitFor();
    expect(await empty.getByRole("link").count()).toBe(0);
    await lists.list.chooseFilter("Bookmarked");
    await page.waitForURL(/\/discussions\/bookmarked$/);
    await empty.getByRole("link", { name: "Recent Discussions" }).click();
    await page.waitForURL(/\/discussions$/);
    await expect.poll(async () => (await lists.list.titles()).length).toBeGreaterThan(0);
    expect(await empty.count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it("a guest follows a tag from a discussion to its list, and finds every tag on /tags", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const discussion = new DiscussionActionsPage(page, parley.baseUrl);
    expect((await discussion.open((await discussionNamed(page, postgres)).path)).status()).toBe(200);
    await waitForHydration(page);
    await checkPage(page, "lists-discussion-tags");
    await discussion.tagLink("postgresql").click();
    await page.waitForURL(/\/discussions\/tagged\/postgresql$/);
    const lists = new DiscussionsPage(page, parley.baseUrl);
    await expect.poll(() => lists.list.titles()).toEqual([postgres]);
    expect(await lists.heading.innerText()).toBe("postgresql");
    expect(await page.title()).toContain("Tagged: postgresql");
    expect(await lists.canonical()).toBe(`${parley.baseUrl}/discussions/tagged/postgresql`);
    // Guests filter by unanswered only.
    expect(await lists.list.filterSelect.locator("option").allInnerTexts()).toEqual(["All Discussions", "Unanswered"]);
    await checkPage(page, "lists-tagged");
    await lists.list.taggedChip.click();
    await page.waitForURL(/\/discussions$/);

    const tags = new TagIndexPage(page, parley.baseUrl);
    expect((await tags.goto()).status()).toBe(200);
    expect(await tags.heading.innerText()).toBe("Tags");
    expect(await tags.names()).toEqual(expect.arrayContaining(["postgresql", "features", "feedback"]));
    expect(await tags.tag("postgresql").innerText()).toMatch(/postgresql\s+1 discussion$/);
    await checkPage(page, "lists-tags");
    await waitForHydration(page);
    await tags.tag("feedback").click();
    await page.waitForURL(/\/discussions\/tagged\/feedback$/);
    await expect.poll(() => lists.list.titles()).toEqual([features]);

    expect(problems.errors).toEqual([]);

    expect((await lists.gotoList("tagged/no-such-tag")).status()).toBe(404);
    expect(await lists.pageHeading.innerText()).toMatch(/Not Found/);
  });

  it("sends a guest to sign in from Bookmarks, and moves the old ?filter= and ?tagID= addresses (301)", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const lists = new DiscussionsPage(page, parley.baseUrl);
    expect((await lists.gotoList("bookmarked", "?sort=dateInserted")).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/entry/signin");
    expect(new URL(page.url()).searchParams.get("Target")).toBe("/discussions/bookmarked?sort=dateInserted");
    expect(await new SignInPage(page, parley.baseUrl).heading.innerText()).toBe("Sign In");

    const old = await page.request.get(`${parley.baseUrl}/discussions?filter=unanswered&sort=-hot`, {
      maxRedirects: 0,
    });
    expect(old.status()).toBe(301);
    expect(old.headers()["location"]).toBe("/discussions/unanswered?sort=-hot");
    const tagID = await tagIDOf(page, "postgresql");
    const oldTag = await page.request.get(`${parley.baseUrl}/discussions?tagID=${tagID}`, { maxRedirects: 0 });
    expect(oldTag.status()).toBe(301);
    expect(oldTag.headers()["location"]).toBe("/discussions/tagged/postgresql");
    expect((await lists.goto(`?tagID=${tagID}`)).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/discussions/tagged/postgresql");
  });

  it("without JavaScript, the Filter form, the tag links and /tags work as plain GETs", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const lists = new DiscussionsPage(page, parley.baseUrl);
    expect((await lists.goto()).status()).toBe(200);
    await lists.list.chooseFilter("Unanswered");
    await page.waitForURL(/\/discussions\/unanswered$/);
    expect(await lists.heading.innerText()).toBe("Unanswered Discussions");
    await lists.goto();
    await lists.list.tagLink(features, "feedback").click();
    await page.waitForURL(/\/discussions\/tagged\/feedback$/);
    expect(await lists.list.titles()).toEqual([features]);
    expect(await lists.list.taggedChip.innerText()).toContain("Tagged: feedback");
    const tags = new TagIndexPage(page, parley.baseUrl);
    expect((await tags.goto()).status()).toBe(200);
    await tags.tag("postgresql").click();
    await page.waitForURL(/\/discussions\/tagged\/postgresql$/);
    expect(await lists.list.titles()).toEqual([postgres]);
  });
});

/** A tag's id by name, as the tags API answers it. */
async function tagIDOf(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`${parley.baseUrl}/api/v2/tags?query=${encodeURIComponent(name)}`);
  const tags = (await response.json()) as { tagID: number; name: string }[];
  return tags.find((tag) => tag.name === name)!.tagID;
}
