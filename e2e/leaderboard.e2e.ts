import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations } from "./support/browser.ts";
import { newMember, registerConfirmed } from "./support/accounts.ts";
import { categoryID, createDiscussion, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { BadgePageView, LeaderboardBoxView, LeaderboardPage, ProfileBadgesView } from "./pages/ReputationPages.ts";

const parley = useParley();

describe("Reputation (issue 33, item 5)", () => {
  it("a reaction to a member's post puts their points on the leaderboard, by period and category", async () => {
    const author = newMember("leader");
    const fan = newMember("fan");
    await registerConfirmed(parley, author);
    await registerConfirmed(parley, fan);
    const authorApi = await signInApi(parley.baseUrl, author.name, author.password);
    const fanApi = await signInApi(parley.baseUrl, fan.name, fan.password);
    const general = await categoryID(authorApi, "general");
    const discussion = await createDiscussion(authorApi, {
      name: `Worth a reaction ${author.name}`,
      body: "A post someone will like.",
      categoryID: general,
    });
    await fanApi.post(`/discussions/${discussion.discussionID}/reactions`, { reactionType: "like" });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const board = new LeaderboardPage(page, parley.baseUrl);
    expect((await board.goto()).status()).toBe(200);
    expect(await board.heading.innerText()).toBe("Leaderboard");
    expect(await board.points(author.name).innerText()).toBe("1 point");
    expect(await board.tab("All Time").getAttribute("aria-current")).toBe("page");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "leaderboard-0-page-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "leaderboard-1-page-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // This week's tab, then a category picked with the form (a GET: it works before any script).
    await board.tab("This Week").click();
    await expect.poll(() => board.tab("This Week").getAttribute("aria-current")).toBe("page");
    expect(await board.points(author.name).innerText()).toBe("1 point");
    await board.category.selectOption({ label: "Off Topic" });
    await board.show.click();
    await expect.poll(() => page.url()).toContain("categoryID=");
    await board.main.getByText("No one has earned points in this period yet.").waitFor();
    expect(page.url()).toContain("period=w");
    await board.category.selectOption({ label: "General Discussion" });
    await board.show.click();
    await board.row(author.name).waitFor();

    // The home page's panel shows this month's leaders.
    const home = new LeaderboardBoxView(page, parley.baseUrl);
    expect((await home.goto()).status()).toBe(200);
    expect(await home.box.getByRole("heading", { name: "This Month's Leaders" }).count()).toBe(1);
    expect(await home.box.getByRole("link", { name: author.name }).count()).toBe(1);
    await screenshot(page, "leaderboard-5-home-panel-1280");
    expect(problems.errors).toEqual([]);
  });

  it("a member's first post earns the First Post badge, shown on their profile and on the badge's page", async () => {
    const admin = await signInAdmin(parley.baseUrl);
    await admin.patch("/addons/badges", { enabled: true });
    const author = newMember("badged");
    await registerConfirmed(parley, author);
    const authorApi = await signInApi(parley.baseUrl, author.name, author.password);
    await createDiscussion(authorApi, {
      name: `My first post ${author.name}`,
      body: "Hello, everyone.",
      categoryID: await categoryID(authorApi, "general"),
    });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const profile = new ProfileBadgesView(page, parley.baseUrl);
    expect((await profile.goto(author.name)).status()).toBe(200);
    expect(await profile.points.innerText()).toBe("0");
    await profile.badge("First Post").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "leaderboard-2-profile-badges-1280");

    await profile.badge("First Post").click();
    const badgePage = new BadgePageView(page, parley.baseUrl);
    await expect.poll(() => badgePage.heading.innerText()).toBe("First Post");
    await badgePage.recipient(author.name).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "leaderboard-3-badge-page-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "leaderboard-4-badge-page-375");
    expect(problems.errors).toEqual([]);
    await admin.patch("/addons/badges", { enabled: false });
  });
});
