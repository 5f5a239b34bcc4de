import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { useParley } from "./support/parley.ts";
import { SearchPage } from "./pages/SearchPage.ts";
import { TitleBarPage } from "./pages/TitleBarPage.ts";

const parley = useParley();
/** A demo discussion (see the seed) and a word only its title and body share with few others. */
const postgres = "Running Parley on PostgreSQL";

describe("search (issue 8)", () => {
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
    // The pointer rests where the search button was (now Cancel): move it off before the contrast check.
    await page.mouse.move(10, 400);
    await screenshot(page, "search-suggestions-1280");
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Keyboard: down to the first suggestion, Enter opens its address.
    await bar.searchField.press("ArrowDown");
    expect(await bar.searchField.getAttribute("aria-activedescendant")).toBeTruthy();
    await option.click();
    await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
    expect(new URL(page.url()).pathname).toMatch(/^\/discussion\/\d+\/running-parley-on-postgresql$/);
    await expect.poll(() => bar.heading.innerText()).toBe(postgres);
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
