import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, waitForHydration } from "./support/browser.ts";
import { demoTopCategories, helpSubcategories } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { CategoryPage } from "./pages/CategoryPage.ts";

const parley = useParley();

/** Counts X-DOMContentReady events from the first script on, before the app's own code runs. */
async function recordContentReady(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as Window & { __contentReadyEvents?: number };
    state.__contentReadyEvents = 0;
    document.addEventListener("X-DOMContentReady", () => {
      state.__contentReadyEvents = (state.__contentReadyEvents ?? 0) + 1;
    });
  });
}

describe("categories, server-rendered (JavaScript disabled)", () => {
  it("lists every demo category with the Help & Support subcategories, a canonical link and the title", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const categories = new CategoriesPage(page, parley.baseUrl);
    const response = await categories.goto();

    expect(response.status()).toBe(200);
    expect(await page.title()).toBe("Categories - Parley");
    expect(await categories.heading.innerText()).toBe("Categories");
    expect(await categories.categoryNames()).toEqual([...demoTopCategories]);
    expect(await categories.subcategoryLinks("Help & Support")).toEqual([...helpSubcategories]);
    expect(await categories.categoryLink("Help & Support").getAttribute("href")).toBe("/categories/help");
    expect(await categories.canonicalHref()).toBe(`${parley.baseUrl}/categories`);
    // No script ran: the loading mark the server renders is still there.
    expect(await categories.bodyClass()).toContain("isLoading");
    await screenshot(page, "categories-no-js");
  });

  it("renders the home page with the same list, the site title and a canonical link to /", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const home = new CategoriesPage(page, parley.baseUrl);
    expect((await home.goto("/")).status()).toBe(200);
    expect(await page.title()).toBe("Parley");
    expect(await home.heading.innerText()).toBe("Parley");
    expect(await home.categoryNames()).toEqual([...demoTopCategories]);
    expect(await home.canonicalHref()).toBe(`${parley.baseUrl}/`);
  });

  it("renders /categories/help with breadcrumbs and its subcategories", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const help = new CategoryPage(page, parley.baseUrl);
    expect((await help.goto("help")).status()).toBe(200);
    expect(await page.title()).toBe("Help & Support - Parley");
    expect(await help.heading.innerText()).toBe("Help & Support");
    expect(await help.subcategoryNames()).toEqual(helpSubcategories.map((item) => item.name));
    expect(await help.breadcrumbs.getByRole("link").allInnerTexts()).toEqual(["Home", "Categories"]);
    expect(await help.canonicalHref()).toBe(`${parley.baseUrl}/categories/help`);
    await screenshot(page, "category-help-no-js");
  });
});

describe("categories in the browser (JavaScript enabled)", () => {
  it("hydrates /categories without console errors, page errors or hydration warnings", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    await recordContentReady(page);
    const categories = new CategoriesPage(page, parley.baseUrl);
    expect((await categories.goto()).status()).toBe(200);
    await waitForHydration(page);

    expect(await page.evaluate(() => (window as Window & { __parleyReady?: boolean }).__parleyReady)).toBe(true);
    expect(await categories.bodyClass()).not.toContain("isLoading");
    expect(await page.evaluate(() => (window as Window & { __contentReadyEvents?: number }).__contentReadyEvents)).toBe(
      1,
    );
    expect(await categories.categoryNames()).toEqual([...demoTopCategories]);
    expect(await page.title()).toBe("Categories - Parley");
    // Give late effects (queries, lazy chunks) a moment to report anything.
    await page.waitForLoadState("networkidle");
    expect(problems.errors).toEqual([]);
    await screenshot(page, "categories-hydrated");
  });

  it("reports a server/client mismatch, so the hydration checks here can fail", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    // Change one category name in the server's HTML only: React must notice while hydrating.
    await page.route(`${parley.baseUrl}/categories`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(">Off Topic</a>", ">Off Topic (tampered)</a>");
      await route.fulfill({ response, body });
    });
    await new CategoriesPage(page, parley.baseUrl).goto();
    await waitForHydration(page);
    await expect.poll(() => problems.errors.join("\n")).toMatch(/Hydration|React error #418/);
  });

  it("navigates to Help & Support on the client, without reloading the document, and back", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const documentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests.push(request.url());
    });
    const categories = new CategoriesPage(page, parley.baseUrl);
    await categories.goto();
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { __e2eMarker: "same-document" }));
    documentRequests.length = 0;

    await categories.openCategory("Help & Support");
    await page.waitForURL(`${parley.baseUrl}/categories/help`);
    const help = new CategoryPage(page, parley.baseUrl);
    await help.heading.filter({ hasText: "Help & Support" }).waitFor();

    expect(await help.heading.innerText()).toBe("Help & Support");
    expect(await help.subcategoryNames()).toEqual(helpSubcategories.map((item) => item.name));
    await page.waitForFunction(() => document.title === "Help & Support - Parley");
    expect(await help.canonicalHref()).toBe(`${parley.baseUrl}/categories/help`);
    expect(await page.evaluate(() => (window as Window & { __e2eMarker?: string }).__e2eMarker)).toBe("same-document");
    expect(documentRequests).toEqual([]);
    await screenshot(page, "category-help-client-nav");

    await page.goBack();
    await categories.heading.filter({ hasText: "Categories" }).waitFor();
    expect(categories.pathname()).toBe("/categories");
    await page.waitForFunction(() => document.title === "Categories - Parley");
    expect(await categories.categoryNames()).toEqual([...demoTopCategories]);
    expect(await page.evaluate(() => (window as Window & { __e2eMarker?: string }).__e2eMarker)).toBe("same-document");
    expect(documentRequests).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("hydrates a directly loaded category page without errors", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const help = new CategoryPage(page, parley.baseUrl);
    expect((await help.goto("help")).status()).toBe(200);
    await waitForHydration(page);
    expect(await help.subcategoryNames()).toEqual(helpSubcategories.map((item) => item.name));
    await page.waitForLoadState("networkidle");
    expect(problems.errors).toEqual([]);
  });
});
