import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DashboardPage } from "./pages/DashboardPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("the dashboard at /dashboard", () => {
  it("an administrator opens it from My Account, reads the site's totals and moves through its pages by keyboard", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const api = await signInAdmin(parley.baseUrl);
    const before = await api.get<{ counts: Record<string, { count: number }> }>("/site-totals");

    const dashboard = new DashboardPage(page, parley.baseUrl);
    await dashboard.open("/categories");
    await waitForHydration(page);
    await dashboard.menuLink.click();
    await dashboard.waitForPage("Dashboard");
    expect(await dashboard.groupNames()).toEqual([
      "Appearance",
      "Membership",
      "Moderation",
      "Forum",
      "Knowledge",
      "Settings",
    ]);
    expect(await dashboard.linkNames()).toEqual([
      "Dashboard",
      "Themes",
      "Style Guide",
      "Layouts",
      "Pages",
      "Subcommunities",
      "Fragments",
      "Members",
      "Roles & Permissions",
      "Profile Fields",
      "Ranks",
      "Ban Rules",
      "Reports",
      "Premoderation",
      "Report Reasons",
      "Watched Words",
      "Moderation Messages",
      "Categories",
      "Tags",
      "Reactions",
      "Post Types",
      "Post Fields",
      "Knowledge Bases",
      "Site Settings",
      "Outgoing Email",
      "Registration",
      "Authenticators",
      "Webhooks",
      "Integrations",
      "Analytics",
      "Automation Rules",
      "Addons",
    ]);
    expect((await dashboard.total("Discussions")).count).toBe(before.counts["discussion"]!.count);
    expect((await dashboard.total("Members")).count).toBe(before.counts["user"]!.count);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "dashboard-overview");

    // A new discussion is counted on the next visit, in the total and among the week's.
    const weekBefore = (await dashboard.total("Discussions")).recent;
    await createDiscussion(api, {
      name: "Counted on the dashboard",
      body: "One more.",
      categoryID: await categoryID(api, "general"),
    });
    await dashboard.goto();
    const after = await dashboard.total("Discussions");
    expect(after.count).toBe(before.counts["discussion"]!.count + 1);
    expect(after.recent).not.toBe(weekBefore);
    expect(after.recent).toMatch(/^\d+ new in 7 days, \d+ in 30 days$/);

    // By keyboard: Tab reaches the navigation's links, Enter opens one, which the navigation then marks.
    await dashboard.navLink("Dashboard").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Style Guide");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Layouts");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pages");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Subcommunities");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Fragments");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Members");
    await page.keyboard.press("Enter");
    await dashboard.waitForPage("Members");
    expect(await dashboard.navLink("Members").getAttribute("aria-current")).toBe("page");
    await dashboard.navLink("Site Settings").click();
    await dashboard.waitForPage("Site Settings");
    expect(await dashboard.navLink("Site Settings").getAttribute("aria-current")).toBe("page");
    expect(problems.errors).toEqual([]);
  });

  it("is server-rendered: the first response holds the totals and the navigation, without JavaScript", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const dashboard = new DashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    expect((await dashboard.total("Comments")).count).toBeGreaterThan(0);
    await dashboard.navLink("Themes").click();
    await page.waitForURL(/\/dashboard\/themes$/);
    await dashboard.waitForPage("Themes");
  });

  it("shows a moderator only the moderation pages, refuses the rest, and refuses a member the dashboard", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const moderator = newMember("dashmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });

    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const dashboard = new DashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    expect(await dashboard.groupNames()).toEqual(["Moderation"]);
    expect(await dashboard.linkNames()).toEqual(["Dashboard", "Reports", "Premoderation"]);
    await dashboard.attentionLink("Reported posts waiting for review").waitFor();
    for (const path of [
      "/dashboard/settings",
      "/dashboard/settings/registration",
      "/dashboard/themes",
      "/dashboard/settings/report-reasons",
      "/dashboard/users",
    ]) {
      expect((await dashboard.open(path)).status(), path).toBe(403);
      expect(await dashboard.heading.innerText()).toBe("Permission Problem");
    }

    const member = newMember("dashmember");
    await registerConfirmed(parley, member);
    const memberPage = await parley.newPage();
    await signInContext(memberPage, parley.baseUrl, member);
    const refused = new DashboardPage(memberPage, parley.baseUrl);
    expect((await refused.goto()).status()).toBe(403);
    expect(await refused.heading.innerText()).toBe("Permission Problem");
    expect(await refused.navigation.count()).toBe(0);
  });
});
