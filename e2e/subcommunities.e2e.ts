import { copyFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { SectionPage, SectionSearchPage, SubcommunitiesDashboardPage } from "./pages/SubcommunitiesPages.ts";

const parley = useParley();

/** A screenshot kept in the test results, and a copy in /tmp to look at. */
async function keep(page: Parameters<typeof screenshot>[0], name: string): Promise<void> {
  await copyFile(await screenshot(page, name), `/tmp/${name}.png`);
}

describe("subcommunities (issue 40, item 1)", () => {
  it("an administrator adds two sections; each shows its own posts, the picker moves between them, search stays inside", async () => {
    // Two root categories, a discussion in each; a word both share, for the whole site's search.
    const admin = await signInAdmin(parley.baseUrl);
    const garden = await admin.post<{ categoryID: number }>("/categories", {
      name: "Garden Club",
      urlcode: "garden-club",
      description: "Roses, beds and everything that grows.",
    });
    const bakery = await admin.post<{ categoryID: number }>("/categories", {
      name: "Bakery Corner",
      urlcode: "bakery-corner",
    });
    // A subcategory each: a section's categories page lists its root's children.
    await admin.post("/categories", { name: "Rose Beds", urlcode: "rose-beds", parentCategoryID: garden.categoryID });
    await admin.post("/categories", { name: "Rye Breads", urlcode: "rye-breads", parentCategoryID: bakery.categoryID });
    const roses = "Marigoldquest roses in partial shade";
    const bread = "Marigoldquest seeds on rye bread";
    await createDiscussion(admin, {
      name: roses,
      body: "Which roses bloom with marigoldquest?",
      categoryID: garden.categoryID,
    });
    await createDiscussion(admin, {
      name: bread,
      body: "Marigoldquest seeds baked in.",
      categoryID: bakery.categoryID,
    });

    // The administrator adds both sections in the dashboard; a taken folder is refused beside its field.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const dashboard = new SubcommunitiesDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await dashboard.linkNames()).toContain("Subcommunities");
    await dashboard.fillNewSection({ name: "Garden", folder: "garden", category: "Garden Club" });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.status.filter({ hasText: "“Garden” has been saved at /garden." }).waitFor();
    // Added: the form is empty again for the next one.
    expect(await dashboard.addFormValues()).toEqual(["", "", "", "", "", ""]);
    await dashboard.fillNewSection({ name: "Bakery", folder: "garden", category: "Bakery Corner" });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.formText("Another subcommunity has this folder.").waitFor();
    expect(await dashboard.field("Folder").getAttribute("aria-invalid")).toBe("true");
    await dashboard.fillNewSection({
      name: "Bakery",
      folder: "bakery",
      category: "Bakery Corner",
      theme: "Foundation Dark",
    });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.status.filter({ hasText: "“Bakery” has been saved at /bakery." }).waitFor();
    expect(await dashboard.cell("Garden", "Address").innerText()).toBe("/garden");
    expect(await dashboard.cell("Bakery", "Category").innerText()).toBe("Bakery Corner");
    expect(await dashboard.cell("Bakery", "Theme").innerText()).toBe("Foundation Dark");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keep(page, "subcommunities-0-dashboard");
    // The one failed request is the taken folder's refusal (422).
    expect(problems.errors.filter((error) => !error.includes("status of 422"))).toEqual([]);

    // A guest at a section's home, its discussions and its categories: its own posts only.
    const reader = await parley.newPage({ bypassCSP: true });
    const readerProblems = collectErrors(reader);
    const section = new SectionPage(reader, parley.baseUrl);
    expect((await section.goto("/garden")).status()).toBe(200);
    await section.mainLink(roses).waitFor();
    expect(await section.mainLink(bread).count()).toBe(0);
    expect(await section.mainLink(roses).getAttribute("href")).toMatch(/^\/garden\/discussion\/\d+\//);
    expect((await section.goto("/garden/discussions")).status()).toBe(200);
    await section.mainLink(roses).waitFor();
    expect(await section.mainLink(bread).count()).toBe(0);
    expect((await section.goto("/garden/categories")).status()).toBe(200);
    await section.mainLink("Rose Beds").waitFor();
    expect(await section.mainLink("Rye Breads").count()).toBe(0);

    // The section's home: its picker says where the reader is; no serious axe finding with it open.
    expect((await section.goto("/garden")).status()).toBe(200);
    await waitForHydration(reader);
    expect(await section.pickerButton.innerText()).toContain("Garden");
    expect(await section.titleBarLogo.getAttribute("href")).toBe("/garden");
    expect(await section.searchButton.getAttribute("href")).toBe("/garden/search");

    // By keyboard: the picker's button, Enter opens it, Tab through its links, Enter follows one to the other section.
    await section.pickerButton.focus();
    await reader.keyboard.press("Enter");
    await expect.poll(() => section.isPickerOpen()).toBe(true);
    expect(await section.pickerLink("Garden").getAttribute("aria-current")).toBe("true");
    expect(await section.pickerLink("All communities").getAttribute("aria-current")).toBeNull();
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await keep(reader, "subcommunities-1-garden-picker-open");
    // The sections in the picker's order (by their order, then by name): the whole site first.
    await reader.keyboard.press("Tab");
    expect(await section.focusedLink()).toEqual({ text: "All communities", href: "/" });
    await reader.keyboard.press("Tab");
    expect(await section.focusedLink()).toEqual({ text: "Bakery", href: "/bakery" });
    await reader.keyboard.press("Tab");
    expect(await section.focusedLink()).toEqual({ text: "Garden", href: "/garden" });
    // Escape closes it, focus back on its button; opened again, Enter follows a link.
    await reader.keyboard.press("Escape");
    await expect.poll(() => section.isPickerOpen()).toBe(false);
    expect(await section.focusedLabel()).toContain("Garden");
    await reader.keyboard.press("Enter");
    await reader.keyboard.press("Tab");
    await reader.keyboard.press("Tab");
    await Promise.all([reader.waitForURL(`${parley.baseUrl}/bakery`), reader.keyboard.press("Enter")]);
    await section.mainLink(bread).waitFor();
    expect(await section.mainLink(roses).count()).toBe(0);
    expect(await section.pickerButton.innerText()).toContain("Bakery");
    // The bakery wears the dark theme: its picker, open, in it.
    await waitForHydration(reader);
    await section.pickerButton.click();
    await expect.poll(() => section.isPickerOpen()).toBe(true);
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await keep(reader, "subcommunities-2-bakery-dark-picker-open");
    // On a phone, and right to left: the open list stays on screen.
    await reader.setViewportSize({ width: 375, height: 800 });
    for (const direction of ["ltr", "rtl"]) {
      await reader.evaluate((dir) => (document.documentElement.dir = dir), direction);
      const bounds = await section.pickerListBounds();
      expect(bounds.left).toBeGreaterThanOrEqual(0);
      expect(bounds.right).toBeLessThanOrEqual(bounds.pageWidth);
      await keep(reader, `subcommunities-3-bakery-dark-picker-open-375-${direction}`);
    }
    await reader.evaluate(() => (document.documentElement.dir = "ltr"));
    await reader.setViewportSize({ width: 1280, height: 800 });

    // Search inside the garden finds only its discussion; "Search all communities" finds both.
    const search = new SectionSearchPage(reader, parley.baseUrl);
    await expect
      .poll(async () => {
        await search.open("/garden/search?query=marigoldquest");
        return search.titles();
      })
      .toEqual([roses]);
    expect(await search.formAction()).toBe("/garden/search");
    expect(await search.allCommunities.isChecked()).toBe(false);
    await waitForHydration(reader);
    await search.allCommunities.check();
    await Promise.all([reader.waitForURL(/siteSectionID=0/), search.searchButton.click()]);
    expect(new URL(reader.url()).pathname).toBe("/garden/search");
    await expect.poll(async () => (await search.titles()).sort()).toEqual([bread, roses].sort());
    expect(await search.allCommunities.isChecked()).toBe(true);
    expect(readerProblems.errors).toEqual([]);
  });

  it("a section's home shows its own banner, tags and leaders; its search results stay in it", async () => {
    // A tag and a member with points in each section (a reaction to their post earns them one, there).
    const admin = await signInAdmin(parley.baseUrl);
    const [gardenID, bakeryID] = await Promise.all([
      categoryID(admin, "garden-club"),
      categoryID(admin, "bakery-corner"),
    ]);
    const compost = await admin.post<{ tagID: number }>("/tags", { name: "Compostheap" });
    const sourdough = await admin.post<{ tagID: number }>("/tags", { name: "Sourdoughstarter" });
    const gardener = newMember("gardener");
    const baker = newMember("baker");
    const fan = newMember("fan");
    for (const member of [gardener, baker, fan]) await registerConfirmed(parley, member);
    const fanApi = await signInApi(parley.baseUrl, fan.name, fan.password);
    for (const [member, categoryID, tagID] of [
      [gardener, gardenID, compost.tagID],
      [baker, bakeryID, sourdough.tagID],
    ] as const) {
      const api = await signInApi(parley.baseUrl, member.name, member.password);
      const post = await api.post<{ discussionID: number }>("/discussions", {
        name: `Tagged by ${member.name}`,
        body: "Worth a like.",
        format: "markdown",
        categoryID,
        tagIDs: [tagID],
      });
      await fanApi.post(`/discussions/${post.discussionID}/reactions`, { reactionType: "like" });
    }

    const reader = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(reader);
    const section = new SectionPage(reader, parley.baseUrl);
    await expect
      .poll(async () => {
        await section.goto("/garden");
        return { tags: await section.popularTags(), leaders: await section.leaders() };
      })
      .toEqual({ tags: ["Compostheap"], leaders: [gardener.name] });
    // The banner is the section's: its name, its root category's description, and a search of the section.
    expect(await section.bannerHeading.innerText()).toBe("Garden");
    expect(await section.bannerDescription()).toBe("Roses, beds and everything that grows.");
    expect(await section.banner.getByRole("search").getAttribute("action")).toBe("/garden/search");
    expect(await seriousAxeViolations(reader)).toEqual([]);
    await keep(reader, "subcommunities-4-garden-home");
    // Its "All Tags" and "Leaderboard" lead to the section's own pages, which hold its tags, leaders and categories.
    expect(await section.allTagsLink.getAttribute("href")).toBe("/garden/tags");
    expect(await section.leaderboardLink.getAttribute("href")).toBe("/garden/leaderboard?period=m");
    await Promise.all([reader.waitForURL(/\/garden\/tags$/), section.allTagsLink.click()]);
    expect(await section.tagIndex()).toEqual(["Compostheap"]);
    await section.goto("/garden/leaderboard?period=m");
    const board = await section.leaderboardPage();
    expect(board.leaders).toEqual([gardener.name]);
    expect(board.categories).toContain("Rose Beds");
    expect(board.categories).not.toContain("Rye Breads");
    expect(await section.leaderboardFilterAction()).toBe("/garden/leaderboard");
    await section.goto("/tags");
    expect(await section.tagIndex()).toEqual(expect.arrayContaining(["Compostheap", "Sourdoughstarter"]));
    // The bakery's panel holds its own; the whole site's, both.
    await section.goto("/bakery");
    expect(await section.bannerHeading.innerText()).toBe("Bakery");
    expect(await section.popularTags()).toEqual(["Sourdoughstarter"]);
    expect(await section.leaders()).toEqual([baker.name]);
    await section.goto("/");
    expect(await section.popularTags()).toEqual(expect.arrayContaining(["Compostheap", "Sourdoughstarter"]));
    expect(await section.leaders()).toEqual(expect.arrayContaining([gardener.name, baker.name]));

    // A result of the garden's search leads to the discussion in the garden; the whole site's search, to its
    // canonical address.
    const search = new SectionSearchPage(reader, parley.baseUrl);
    const roses = "Marigoldquest roses in partial shade";
    await search.open("/garden/search?query=marigoldquest");
    expect(await search.resultLink(roses).getAttribute("href")).toMatch(/^\/garden\/discussion\/\d+\//);
    await Promise.all([reader.waitForURL(/\/garden\/discussion\/\d+\//), search.resultLink(roses).click()]);
    expect(await section.pickerButton.innerText()).toContain("Garden");
    await search.open("/garden/search?query=marigoldquest&siteSectionID=0");
    expect(await search.resultLink(roses).getAttribute("href")).toMatch(/^\/discussion\/\d+\//);
    await search.open("/search?query=marigoldquest");
    expect(await search.resultLink(roses).getAttribute("href")).toMatch(/^\/discussion\/\d+\//);
    expect(problems.errors).toEqual([]);
  });

  it("the picker works without JavaScript", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const section = new SectionPage(page, parley.baseUrl);
    expect((await section.goto("/garden")).status()).toBe(200);
    expect(await section.isPickerOpen()).toBe(false);
    await section.pickerButton.click();
    expect(await section.isPickerOpen()).toBe(true);
    await Promise.all([page.waitForURL(`${parley.baseUrl}/bakery`), section.pickerLink("Bakery").click()]);
    expect(await section.pickerButton.innerText()).toContain("Bakery");
    await section.pickerButton.click();
    await Promise.all([page.waitForURL(`${parley.baseUrl}/`), section.pickerLink("All communities").click()]);
    expect(await section.pickerButton.innerText()).toContain("All communities");
    await section.pickerButton.click();
    expect(await section.pickerLink("All communities").getAttribute("aria-current")).toBe("true");
    expect(await section.pickerLink("Bakery").getAttribute("aria-current")).toBeNull();
  });

  it("the dashboard's add form is empty again after an add without JavaScript too", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const admin = await signInAdmin(parley.baseUrl);
    await admin.post("/categories", { name: "Tea Room", urlcode: "tea-room" });
    const dashboard = new SubcommunitiesDashboardPage(page, parley.baseUrl);
    expect((await dashboard.goto()).status()).toBe(200);
    await dashboard.fillNewSection({ name: "Tea", folder: "tea", category: "Tea Room" });
    await dashboard.submitAndWait(dashboard.addButton);
    await dashboard.status.filter({ hasText: "“Tea” has been saved at /tea." }).waitFor();
    expect(await dashboard.addFormValues()).toEqual(["", "", "", "", "", ""]);
    expect(await dashboard.cell("Tea", "Address").innerText()).toBe("/tea");
  });
});
