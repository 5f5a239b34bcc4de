import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { addComments, categoryID, createDiscussion, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { IgnoredMembersPage, IgnoredPostsView, ProfileIgnorePage } from "./pages/IgnorePages.ts";
import { SearchPage } from "./pages/SearchPage.ts";
import { TitleBarPage } from "./pages/TitleBarPage.ts";

const parley = useParley();

describe("Ignoring a member (issue 29)", () => {
  it("ignores from the profile, collapses their comment (Show opens it), and stops from the list", async () => {
    const ignorer = newMember("ignorer");
    const noisy = newMember("noisy");
    await registerConfirmed(parley, ignorer);
    await registerConfirmed(parley, noisy);
    const noisyApi = await signInApi(parley.baseUrl, noisy.name, noisy.password);
    const ignorerApi = await signInApi(parley.baseUrl, ignorer.name, ignorer.password);
    const discussion = await createDiscussion(ignorerApi, {
      name: `A calm discussion ${ignorer.name}`,
      body: "The ignorer's own opening post.",
      categoryID: await categoryID(ignorerApi, "general"),
    });
    await addComments(noisyApi, discussion.discussionID, ["A noisy reply nobody asked for."]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, ignorer);

    // From the profile: Ignore, then the button says Stop ignoring.
    const profile = new ProfileIgnorePage(page, parley.baseUrl);
    expect((await profile.goto(noisy.name)).status()).toBe(200);
    await waitForHydration(page);
    await profile.submitAndWait(profile.ignoreButton(noisy.name));
    await profile.stopIgnoringButton(noisy.name).waitFor();
    expect(await profile.statusMessage("You are ignoring this member").count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "ignore-0-profile-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "ignore-0-profile-375");

    // Their comment is collapsed on the discussion; the ignorer's own post is not. Show opens it.
    const posts = new IgnoredPostsView(page, parley.baseUrl);
    expect((await posts.goto(discussion.url)).status()).toBe(200);
    await waitForHydration(page);
    expect(await posts.collapsed.count()).toBe(1);
    expect(await posts.text("The ignorer's own opening post.").isVisible()).toBe(true);
    expect(await posts.text("A noisy reply nobody asked for.").isVisible()).toBe(false);
    expect(await posts.showButton().innerText()).toContain("Post from an ignored member — Show");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "ignore-1-collapsed-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "ignore-2-collapsed-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    // By keyboard: the summary takes the focus and Enter opens it.
    await posts.showButton().focus();
    await page.keyboard.press("Enter");
    await posts.text("A noisy reply nobody asked for.").waitFor();
    expect(await posts.collapsed.first().getAttribute("open")).not.toBeNull();

    // The list: the member is there; Stop ignoring empties it, and the comment shows in full again.
    const list = new IgnoredMembersPage(page, parley.baseUrl);
    expect((await list.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await list.member(noisy.name).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "ignore-3-list-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "ignore-4-list-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await list.submitAndWait(list.stopIgnoringButton(noisy.name));
    await list.emptyText.waitFor();
    expect((await posts.goto(discussion.url)).status()).toBe(200);
    expect(await posts.collapsed.count()).toBe(0);
    expect(await posts.text("A noisy reply nobody asked for.").isVisible()).toBe(true);
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: the profile's form post ignores, the post is collapsed in the HTML", async () => {
    const ignorer = newMember("nojsignorer");
    const noisy = newMember("nojsnoisy");
    await registerConfirmed(parley, ignorer);
    await registerConfirmed(parley, noisy);
    const noisyApi = await signInApi(parley.baseUrl, noisy.name, noisy.password);
    const discussion = await createDiscussion(noisyApi, {
      name: `A loud discussion ${noisy.name}`,
      body: "Loud opening words.",
      categoryID: await categoryID(noisyApi, "general"),
    });
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, ignorer);
    const profile = new ProfileIgnorePage(page, parley.baseUrl);
    expect((await profile.goto(noisy.name)).status()).toBe(200);
    await profile.submitAndWait(profile.ignoreButton(noisy.name));
    await profile.stopIgnoringButton(noisy.name).waitFor();
    const posts = new IgnoredPostsView(page, parley.baseUrl);
    expect((await posts.goto(discussion.url)).status()).toBe(200);
    expect(await posts.collapsed.count()).toBe(1);
    expect(await posts.text("Loud opening words.").isVisible()).toBe(false);
    await posts.showButton().click();
    expect(await posts.text("Loud opening words.").isVisible()).toBe(true);
  });
  it("ignores from the user card: their post collapses at once, also in their profile's comments and in search results; no Ignore for an administrator", async () => {
    const ignorer = newMember("cardignorer");
    const noisy = newMember("cardnoisy");
    await registerConfirmed(parley, ignorer);
    await registerConfirmed(parley, noisy);
    const noisyApi = await signInApi(parley.baseUrl, noisy.name, noisy.password);
    const ignorerApi = await signInApi(parley.baseUrl, ignorer.name, ignorer.password);
    const word = `zebrafinch${noisy.name.slice(-6)}`;
    const discussion = await createDiscussion(ignorerApi, {
      name: `Card test ${ignorer.name}`,
      body: "The ignorer's opening post.",
      categoryID: await categoryID(ignorerApi, "general"),
    });
    await addComments(noisyApi, discussion.discussionID, [`A noisy ${word} reply.`]);
    await addComments(await signInAdmin(parley.baseUrl), discussion.discussionID, ["The administrator's reply."]);

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, ignorer);
    const posts = new IgnoredPostsView(page, parley.baseUrl);
    const bar = new TitleBarPage(page, parley.baseUrl);
    expect((await posts.goto(discussion.url)).status()).toBe(200);
    await waitForHydration(page);
    expect(await posts.collapsed.count()).toBe(0);

    // The administrator's card offers no Ignore (moderators and administrators cannot be ignored).
    await posts.main.getByRole("link", { name: "admin", exact: true }).first().click();
    await bar.userCard.getByRole("link", { name: "View Profile" }).waitFor();
    await expect.poll(() => bar.userCard.getByRole("button", { name: /^Ignore / }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await bar.userCard.waitFor({ state: "detached" });

    // The member's card: Ignore collapses their post on the page without reloading it.
    await posts.main.getByRole("link", { name: noisy.name, exact: true }).first().click();
    const ignore = bar.userCard.getByRole("button", { name: `Ignore ${noisy.name}`, exact: true });
    await ignore.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "ignore-5-card-1280");
    await ignore.click();
    await bar.userCard.getByRole("button", { name: `Stop ignoring ${noisy.name}`, exact: true }).waitFor();
    await expect.poll(() => posts.collapsed.count()).toBe(1);
    expect(await posts.text(`A noisy ${word} reply.`).isVisible()).toBe(false);
    await page.keyboard.press("Escape");
    await screenshot(page, "ignore-6-card-collapsed-1280");

    // Their profile's comments, server-rendered collapsed.
    const profile = new IgnoredPostsView(page, parley.baseUrl);
    expect((await profile.open(`/profile/comments/${encodeURIComponent(noisy.name)}`)).status()).toBe(200);
    expect(await profile.collapsed.count()).toBe(1);
    expect(await profile.text(`A noisy ${word} reply.`).isVisible()).toBe(false);

    // Search results: the excerpt of their comment collapsed (the index may take a moment).
    const search = new SearchPage(page, parley.baseUrl);
    await expect
      .poll(
        async () => {
          await search.goto(`?query=${word}`);
          return search.results.count();
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await waitForHydration(page);
    expect(await search.results.locator("details[data-part=ignored-post]").count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "ignore-7-search-1280");
    expect(problems.errors).toEqual([]);
  });
});
