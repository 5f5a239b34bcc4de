import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, waitForHydration } from "./support/browser.ts";
import { demoTopCategories } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { CategoriesPage } from "./pages/CategoriesPage.ts";
import { NotFoundPage } from "./pages/NotFoundPage.ts";

const parley = useParley();

/** Chromium logs a 4xx document as "Failed to load resource"; for these pages that line is expected. */
const withoutDocumentStatus = (errors: string[], documentUrl: string) =>
  errors.filter((error) => !(error.includes("Failed to load resource: ") && error.includes(`(${documentUrl}:`)));

describe.each([
  { javaScriptEnabled: false, label: "server-rendered" },
  { javaScriptEnabled: true, label: "hydrated" },
])("not-found pages, $label", ({ javaScriptEnabled }) => {
  it("answers an unknown path with 404 and the Page Not Found page", async () => {
    const page = await parley.newPage({ javaScriptEnabled });
    const problems = collectErrors(page);
    const notFound = new NotFoundPage(page, parley.baseUrl);
    const response = await notFound.open("/no-such-page");
    if (javaScriptEnabled) await waitForHydration(page);

    expect(response.status()).toBe(404);
    expect(await page.title()).toBe("Page Not Found - Parley");
    expect(await notFound.heading.innerText()).toBe("Page Not Found");
    expect(await notFound.message.innerText()).toBe("The page you were looking for could not be found.");
    expect(await notFound.backLink.getAttribute("href")).toBe("/");
    expect(await notFound.robots()).toBe("noindex");
    expect(withoutDocumentStatus(problems.errors, response.url())).toEqual([]);
    await screenshot(page, `not-found-${javaScriptEnabled ? "js" : "no-js"}`);
  });

  it("answers an unknown category with 404 and the Category Not Found page", async () => {
    const page = await parley.newPage({ javaScriptEnabled });
    const problems = collectErrors(page);
    const notFound = new NotFoundPage(page, parley.baseUrl);
    const response = await notFound.open("/categories/does-not-exist");
    if (javaScriptEnabled) await waitForHydration(page);

    expect(response.status()).toBe(404);
    expect(await page.title()).toBe("Category Not Found - Parley");
    expect(await notFound.heading.innerText()).toBe("Category Not Found");
    expect(await notFound.message.innerText()).toBe("The category you were looking for could not be found.");
    expect(withoutDocumentStatus(problems.errors, response.url())).toEqual([]);
  });
});

describe("leaving the not-found page", () => {
  it("goes back to the home page on the client with 'Back to home page'", async () => {
    const page = await parley.newPage();
    const problems = collectErrors(page);
    const notFound = new NotFoundPage(page, parley.baseUrl);
    const response = await notFound.open("/no-such-page");
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { __e2eMarker: "same-document" }));

    await notFound.backLink.click();
    await page.waitForURL(`${parley.baseUrl}/`);
    const home = new CategoriesPage(page, parley.baseUrl).atHome();
    await home.heading.filter({ hasText: "Parley" }).waitFor();
    expect(await home.categoryNames()).toEqual([...demoTopCategories]);
    await page.waitForFunction(() => document.title === "Parley");
    expect(await page.evaluate(() => (window as Window & { __e2eMarker?: string }).__e2eMarker)).toBe("same-document");
    expect(withoutDocumentStatus(problems.errors, response.url())).toEqual([]);
  });
});
