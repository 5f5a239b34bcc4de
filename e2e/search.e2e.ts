import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";
import { signInContext } from "./support/accounts.ts";
import { adminPassword } from "./support/server.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";
import { SearchPage } from "./pages/SearchPage.ts";
import { TitleBarPage } from "./pages/TitleBarPage.ts";

const parley = useParley();
/** A demo discussion (see the seed) and a word only its title and body share with few others. */
const postgres = "Running Parley on PostgreSQL";

describe("search (issue 8)", () => {
  it("keeps what one types right after opening the title bar's search, before the field takes focus", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const bar = new TitleBarPage(page, parley.baseUrl);
    expect((await bar.open("/")).status()).toBe(200);
    await waitForHydration(page);
    // From the keyboard: Tab to the search button, Enter, and type at once (spec §9 focuses the field
    // 200 ms after opening; the keys typed meanwhile must not be lost).
    await bar.searchButton.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.type("postgre");
    await expect.poll(() => bar.searchField.inputValue()).toBe("postgre");
    await bar.searchSuggestions.getByRole("option", { name: new RegExp(postgres) }).waitFor();
    await page.close();
  });

  it("the title bar suggests as one types; choosing a suggestion opens it", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const bar = new TitleBarPage(page, parley.baseUrl);
    expect((await bar.open("/")).status()).toBe(200);
    await waitForHydration(page);
    await bar.searchButton.click();
    await bar.searchField.waitFor();
    // An empty field suggests nothing.
    expect(await bar.searchSuggestions.isVisible()).toBe(false);
    await bar.searchField.pressSequentially("postgre", { delay: 30 });
    const option = bar.searchSuggestions.getByRole("option", { name: new RegExp(postgres) });
    await option.waitFor();
    expect(await bar.searchField.getAttribute("aria-expanded")).toBe("true");
    // Suggestions are grouped by source under headings.
    expect(await bar.searchSuggestions.getByRole("group", { name: "Discussions" }).isVisible()).toBe(true);
    // The pointer rests on Cancel (where the search button was): hovered, it keeps its contrast.
    await bar.searchForm.getByRole("button", { name: "Cancel" }).hover();
    await screenshot(page, "search-suggestions-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Keyboard: down to the first suggestion, Enter opens its address.
    await bar.searchField.press("ArrowDown");
    expect(await bar.searchField.getAttribute("aria-activedescendant")).toBeTruthy();
    await option.click();
    await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
    expect(new URL(page.url()).pathname).toMatch(/^\/discussion\/\d+\/running-parley-on-postgresql$/);
    await expect.poll(() => bar.heading.innerText()).toBe(postgres);

    // The members source: a member's name opens their profile.
    await bar.searchButton.click();
    await bar.searchField.pressSequentially("chen", { delay: 30 });
    const members = bar.searchSuggestions.getByRole("group", { name: "Members" });
    await members.getByRole("option", { name: /Chen Wei/ }).waitFor();
    await screenshot(page, "search-suggestions-members-1280");
    await members.getByRole("option", { name: /Chen Wei/ }).click();
    await page.waitForURL((url) => url.pathname === "/profile/Chen%20Wei");
    await expect.poll(() => bar.heading.innerText()).toBe("Chen Wei");
    expect(problems.errors).toEqual([]);
  });

  it("a member follows a category on its page, then searches only followed categories", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    const category = new CategoryPage(page, parley.baseUrl);
    expect((await category.goto("installation")).status()).toBe(200);
    await waitForHydration(page);
    expect(await category.followButton.getAttribute("aria-pressed")).toBe("false");
    // Keyboard: focus the toggle and press Space.
    await category.followButton.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => category.followButton.getAttribute("aria-pressed")).toBe("true");
    expect(await category.followButton.innerText()).toBe("Following");
    // The toggle is optimistic: the server has it once the button leaves its pending state (a reload
    // before that could cancel the request). Then a reload still says Following.
    await expect.poll(() => category.followButton.getAttribute("data-state"), { timeout: 10_000 }).toBe("followed");
    await page.reload();
    await waitForHydration(page);
    expect(await category.followButton.getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "category-following-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);

    const search = new SearchPage(page, parley.baseUrl);
    await search.goto("?query=parley");
    await waitForHydration(page);
    await search.categoryOption("Only followed categories").check();
    await search.applyButton.click();
    await page.waitForURL((url) => url.searchParams.get("followedCategories") === "true");
    await expect.poll(() => search.titles()).toContain(postgres);
    const metas = await search.metas();
    expect(metas.every((meta) => meta.includes("Installation"))).toBe(true);
    expect(problems.errors).toEqual([]);
  });

  it("a filtered search on /search: types narrow the results and stay in the address", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const search = new SearchPage(page, parley.baseUrl);
    expect((await search.goto("?query=parley")).status()).toBe(200);
    await waitForHydration(page);
    expect(await search.heading.innerText()).toBe("Search");
    const all = await search.records();
    expect(all.length).toBeGreaterThan(1);
    expect(all.some((record) => record.startsWith("comment:"))).toBe(true);
    await search.typeFilter("Discussions").check();
    await search.applyButton.click();
    await page.waitForURL((url) => url.searchParams.get("types") === "discussion");
    await expect
      .poll(async () => (await search.records()).every((record) => record.startsWith("discussion:")))
      .toBe(true);
    expect((await search.records()).length).toBeGreaterThan(0);
    expect(await search.tab("All Content").getAttribute("aria-current")).toBe("page");
    // The category picker takes several: Help & Support (with its child categories) and Ideas & Feedback.
    await search.categoryPicker.selectOption([{ label: "Help & Support" }, { label: "Ideas & Feedback" }]);
    await search.categoryOption("Include child categories").check();
    await search.applyButton.click();
    await page.waitForURL((url) => url.searchParams.get("includeChildCategories") === "true");
    // The form sends one value per chosen category.
    const chosen = new URL(page.url()).searchParams.getAll("categoryIDs");
    expect(chosen).toHaveLength(2);
    const inChosen = (meta: string) => meta.includes("Help & Support") || meta.includes("Ideas & Feedback");
    await expect.poll(async () => (await search.metas()).every(inChosen)).toBe(true);
    expect(await search.titles()).toContain(postgres);
    expect(await search.chosenCategories()).toEqual(chosen);
    await screenshot(page, "search-page-filtered-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "search-page-filtered-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The Members tab drops the post filters (spec §2) and finds members.
    await search.tab("Members").click();
    await page.waitForURL((url) => url.searchParams.get("domain") === "user");
    expect(new URL(page.url()).searchParams.has("types")).toBe(false);
    expect(problems.errors).toEqual([]);
  });

  it("the Groups tab finds groups by their description, with their privacy; a secret one only for its members", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    const search = new SearchPage(page, parley.baseUrl);
    // A word only the demo's public group says (in its description).
    expect((await search.goto("?query=servers")).status()).toBe(200);
    await waitForHydration(page);
    await search.tab("Groups").click();
    await page.waitForURL((url) => url.searchParams.get("domain") === "group");
    expect(await search.tab("Groups").getAttribute("aria-current")).toBe("page");
    expect(await search.records()).toHaveLength(1);
    const club = search.results.first();
    expect(await club.getByRole("link").innerText()).toBe("Self-Hosting Club");
    expect(await club.getByRole("heading").innerText()).toContain("Public");
    expect(await club.locator("mark").first().innerText()).toMatch(/servers/i);
    expect(await search.metas()).toEqual([expect.stringMatching(/^Group.*Groups$/)]);
    await screenshot(page, "search-groups-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The secret group: nothing for a guest, found by the administrator (groups.moderate).
    await search.goto("?query=lounge&domain=group");
    expect(await search.records()).toEqual([]);
    await signInContext(page, parley.baseUrl, { name: "admin", password: adminPassword });
    await search.goto("?query=lounge&domain=group");
    expect(await search.titles()).toHaveLength(1);
    const lounge = search.results.first();
    expect(await lounge.getByRole("link").innerText()).toBe("Moderators' Lounge");
    expect(await lounge.getByRole("heading").innerText()).toContain("Secret");
    await lounge.getByRole("link").click();
    await page.waitForURL((url) => /^\/group\/\d+-moderators-lounge$/.test(url.pathname));
    expect(problems.errors).toEqual([]);
  });

  it("works without JavaScript: the results are in the first response", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const search = new SearchPage(page, parley.baseUrl);
    expect((await search.goto(`?query=${encodeURIComponent('"load balancer"')}`)).status()).toBe(200);
    expect(await search.titles()).toEqual([postgres]);
    expect(await search.results.locator("mark").first().innerText()).toMatch(/load/i);
    await search.field.fill("postgresql");
    await search.field.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("query") === "postgresql");
    expect(await search.titles()).toContain(postgres);
  });
});
