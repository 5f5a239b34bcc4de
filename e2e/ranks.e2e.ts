import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin, signInApi } from "./support/content.ts";
import { adminPassword } from "./support/server.ts";
import { useParley } from "./support/parley.ts";
import { DiscussionPage } from "./pages/DiscussionPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { RanksDashboardPage } from "./pages/RanksPages.ts";

const parley = useParley();

describe("Ranks (issue 33, item 5)", () => {
  it("an administrator adds a rank on the dashboard; a member who meets it shows its label beside their name", async () => {
    const adminApi = await signInAdmin(parley.baseUrl);
    await adminApi.patch("/addons/ranks", { enabled: true });
    const author = newMember("ranked");
    await registerConfirmed(parley, author);
    const authorApi = await signInApi(parley.baseUrl, author.name, author.password);
    const discussion = await createDiscussion(authorApi, {
      name: `Ranked post ${author.name}`,
      body: "A post by a member with a rank.",
      categoryID: await categoryID(authorApi, "general"),
    });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new RanksDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await dashboard.linkNames()).toContain("Ranks");
    await dashboard.row("Newcomer").waitFor();
    const name = `Published ${author.name}`;
    await dashboard.fillNewRank({
      name,
      label: "Published author",
      level: 900,
      minPosts: 1,
      links: "May not post links",
      editing: "Authors may edit for 1 hour",
    });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.row(name).waitFor();
    await dashboard.main.getByText(`“${name}” has been saved.`).waitFor();
    expect(await dashboard.abilities(name).innerText()).toBe("May not post links; Authors may edit for 1 hour");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "ranks-0-dashboard-1280");

    // A guest reads the post: the label is the server's, beside the author's name.
    const reader = await parley.newPage({ bypassCSP: true });
    const readerProblems = collectErrors(reader);
    const thread = new DiscussionPage(reader, parley.baseUrl);
    expect((await thread.goto(pathOf(discussion.url))).status()).toBe(200);
    expect(await thread.post.locator('[data-part="rank-label"]').innerText()).toBe("Published author");
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await screenshot(reader, "ranks-1-post-label-1280");
    const profile = new ProfilePage(reader, parley.baseUrl);
    expect((await profile.goto(author.name)).status()).toBe(200);
    expect(await profile.rankLabel.innerText()).toBe("Published author");
    await screenshot(reader, "ranks-2-profile-label-1280");
    expect(problems.errors).toEqual([]);
    expect(readerProblems.errors).toEqual([]);

    // The rank's abilities hold on the server: its member's post with a link is refused.
    const refused = await authorApi.send<{ message: string }>("POST", "/comments", {
      discussionID: discussion.discussionID,
      body: "See https://example.com",
      format: "markdown",
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message + JSON.stringify(refused.json)).toContain("may not post links");

    const rankID = (await adminApi.get<Array<{ rankID: number; name: string }>>("/ranks")).find(
      (rank) => rank.name === name,
    )!.rankID;
    await adminApi.send("DELETE", `/ranks/${rankID}`);
    await adminApi.patch("/addons/ranks", { enabled: false });
  });
});
