import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { DiscussionActionsPage } from "./pages/DiscussionActions.ts";
import { ReactionsDashboardPage } from "./pages/ReactionsDashboardPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

describe("reactions at /dashboard/reactions", () => {
  it("an administrator turns a reaction off, posts no longer offer it, and turns it on again", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(api, {
      name: "Something to laugh at",
      body: "A reaction bar to watch.",
      categoryID: await categoryID(api, "general"),
    });
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const post = new DiscussionActionsPage(page, parley.baseUrl);
    const offered = async () => {
      expect((await post.goto(pathOf(discussion.url))).status()).toBe(200);
      await waitForHydration(page);
      await post.reactButton.waitFor();
      return post.reactionTypes();
    };
    expect(await offered()).toContain("lol");
    // Each type in the React menu carries its icon, an image the server really serves (loaded, not broken).
    const icons = await post.reactionIcons();
    expect(icons.length).toBeGreaterThan(3);
    for (const icon of icons) {
      expect(icon.src).toMatch(/\/images\/reactions\/[a-z-]+\.svg$/);
      expect([icon.src, icon.loaded]).toEqual([icon.src, true]);
    }
    await screenshot(page, "reactions-on-a-post");

    const reactions = new ReactionsDashboardPage(page, parley.baseUrl);
    await reactions.goto();
    await waitForHydration(page);
    await reactions.navLink("Reactions").waitFor();
    expect((await reactions.names()).slice(0, 3)).toEqual(["Promote", "Off Topic", "Insightful"]);
    expect(await reactions.state("LOL")).toBe("On");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reactions.turnOff("LOL");
    await reactions.status("“LOL” is off: posts no longer offer it.").waitFor();
    expect(await reactions.state("LOL")).toBe("Off");
    await screenshot(page, "reactions-dashboard");
    await reactions.edit("LOL");
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "reactions-dashboard-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    const off = await offered();
    expect(off).not.toContain("lol");
    expect(off).toContain("like");

    await reactions.goto();
    await waitForHydration(page);
    await reactions.turnOn("LOL");
    await reactions.status("“LOL” is on: posts offer it.").waitFor();
    expect(await reactions.state("LOL")).toBe("On");
    expect(await offered()).toContain("lol");
    expect(problems.errors).toEqual([]);
  });

  it("edits a type's name and points; a refused edit shows why beside its fields", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    await signInContext(page, parley.baseUrl, admin);
    const reactions = new ReactionsDashboardPage(page, parley.baseUrl);
    await reactions.goto();
    await waitForHydration(page);
    await reactions.saveUnchecked("Awesome", { name: "  ", points: "1000" });
    await reactions.fieldError("Awesome", "The name is required.").waitFor();
    await reactions.fieldError("Awesome", "Points are a whole number from -100 to 100.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reactions.save("Awesome", { name: "Amazing", points: "2" });
    await reactions.status("“Amazing” has been saved.").waitFor();
    expect(await reactions.points("Amazing")).toBe("+2");
  });

  it("works without JavaScript: turn off and on", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, admin);
    const reactions = new ReactionsDashboardPage(page, parley.baseUrl);
    expect((await reactions.goto()).status()).toBe(200);
    await reactions.turnOff("Vote Down");
    await reactions.status("“Vote Down” is off: posts no longer offer it.").waitFor();
    expect(await reactions.state("Vote Down")).toBe("Off");
    await reactions.turnOn("Vote Down");
    await reactions.status("“Vote Down” is on: posts offer it.").waitFor();
    expect(await reactions.state("Vote Down")).toBe("On");
  });

  it("is refused to a member and a moderator (community.manage), who have no link to it", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const roles = await api.get<Array<{ roleID: number; name: string }>>("/roles");
    const member = newMember("reactmember");
    await registerConfirmed(parley, member);
    const moderator = newMember("reactmod");
    const moderatorID = await registerConfirmed(parley, moderator);
    await api.patch(`/users/${moderatorID}`, { roleID: [roles.find((role) => role.name === "Moderator")!.roleID] });
    for (const who of [member, moderator]) {
      const page = await parley.newPage();
      await signInContext(page, parley.baseUrl, who);
      const reactions = new ReactionsDashboardPage(page, parley.baseUrl);
      expect((await reactions.goto()).status()).toBe(403);
      expect(await reactions.heading.innerText()).toBe("Permission Problem");
    }
    const page = await parley.newPage();
    await signInContext(page, parley.baseUrl, moderator);
    const dashboard = new ReactionsDashboardPage(page, parley.baseUrl);
    expect((await dashboard.open("/dashboard")).status()).toBe(200);
    expect(await dashboard.navLink("Reactions").count()).toBe(0);
  });
});
