import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { welcome } from "./support/demo.ts";
import { useParley } from "./support/parley.ts";
import { setTheme } from "./support/themes.ts";
import { ReadingLayoutPage } from "./pages/ReadingLayoutPage.ts";

const parley = useParley();

/** The reading pages with a panel: the home page, the discussions list and a category's page. */
const panelPages = [
  { name: "home", path: "/" },
  { name: "discussions", path: "/discussions" },
  { name: "category", path: "/categories/general" },
];

const desktop = { width: 1280, height: 900 };
const mobile = { width: 375, height: 800 };

/** The main column and the panel of the page's two-column section, as laid out. */
async function columns(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)!.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, width: rect.width };
    };
    return { main: box('[data-slot="main"]'), panel: box('[data-slot="secondary"]') };
  });
}

/** Whether the page scrolls sideways (wider than the viewport). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The levels of the page's headings in document order, for "no skipped level" (each at most one deeper). */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6"))
      .filter((heading) => (heading as HTMLElement).offsetParent !== null)
      .map((heading) => Number(heading.tagName.slice(1))),
  );

describe("reading pages' layout: a main column and a panel", () => {
  it.each(panelPages)(
    "$name ($path): the panel beside the list at 1280 px, axe clean, no skipped heading level",
    async ({ name, path }) => {
      const page = await parley.newPage({ viewport: desktop, bypassCSP: true });
      const problems = collectErrors(page);
      expect((await page.goto(parley.baseUrl + path))?.status()).toBe(200);
      const { main, panel } = await columns(page);
      expect(panel.left).toBeGreaterThanOrEqual(main.right);
      expect(panel.top).toBeLessThan(main.bottom);
      expect(panel.width).toBe(292);
      expect(main.width).toBeGreaterThanOrEqual(600);
      // Each panel box has its heading.
      const layout = new ReadingLayoutPage(page, parley.baseUrl);
      if (path !== "/") await expect.poll(() => layout.panelHeading("Categories").count()).toBe(1);
      expect(await layout.panelHeading("Popular Tags").count()).toBe(1);
      const levels = await headingLevels(page);
      expect(levels[0]).toBe(1);
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `layout-${name}-1280-light`);
      await waitForHydration(page);
      expect(problems.errors).toEqual([]);
    },
  );

  it.each(panelPages)(
    "$name ($path): one column at 375 px, the panel under the list, no sideways scroll",
    async ({ name, path }) => {
      const page = await parley.newPage({ viewport: mobile });
      expect((await page.goto(parley.baseUrl + path))?.status()).toBe(200);
      expect(await scrollsSideways(page)).toBe(false);
      const { main, panel } = await columns(page);
      expect(panel.top).toBeGreaterThanOrEqual(main.bottom);
      await screenshot(page, `layout-${name}-375-light`);
    },
  );

  it("home: the banner's search box is a GET form to /search (without JavaScript)", async () => {
    const page = await parley.newPage({ javaScriptEnabled: false });
    const layout = new ReadingLayoutPage(page, parley.baseUrl);
    await layout.open("/");
    expect(await layout.heading.innerText()).toBe("Parley");
    const search = layout.bannerSearch;
    await search.fill("printing press");
    await Promise.all([page.waitForURL(/\/search\?/), search.press("Enter")]);
    expect(new URL(page.url()).pathname).toBe("/search");
    expect(new URL(page.url()).searchParams.get("query")).toBe("printing press");
    // Recent discussions first, then the categories, each section under its heading.
    await layout.open("/");
    const main = layout.mainColumn;
    expect(await main.getByRole("heading", { level: 2 }).allInnerTexts()).toEqual(["Recent Discussions", "Categories"]);
    expect(await main.getByRole("link", { name: "All Discussions" }).getAttribute("href")).toBe("/discussions");
  });

  it("a panel's links lead to their pages once hydrated; a page reached in the app renders its panel", async () => {
    const page = await parley.newPage({ viewport: desktop });
    const layout = new ReadingLayoutPage(page, parley.baseUrl);
    await layout.open("/discussions");
    await waitForHydration(page);
    // The panel is the server's markup, kept as it is: its links load their page from the server.
    await layout.panelLink(/^General Discussion/).click();
    await page.waitForURL(`${parley.baseUrl}/categories/general`);
    await expect.poll(() => layout.heading.innerText()).toBe("General Discussion");
    // To a discussion and back in the app: the category's page renders its panel and list facts in the browser.
    await waitForHydration(page);
    await layout.mainLink("Favourite forum features?").click();
    await page.waitForURL(/[/]discussion[/]/);
    await page.goBack();
    await page.waitForURL(`${parley.baseUrl}/categories/general`);
    await expect.poll(() => layout.panelHeading("Popular Tags").count()).toBe(1);
    await expect.poll(() => layout.viewCounts.count()).toBeGreaterThan(0);
  });

  it("a member's list marks the discussions they have not read, with views and the last poster's photo", async () => {
    const member = newMember("layout");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ viewport: desktop });
    await signInContext(page, parley.baseUrl, member);
    const list = new ReadingLayoutPage(page, parley.baseUrl);
    await list.open("/discussions");
    const item = (title: string) => list.listed(title);
    // A new member has read nothing yet: every discussion is marked; a guest sees no marker.
    expect(await list.newMarker("Coffee or tea?").count()).toBe(1);
    const guestList = new ReadingLayoutPage(await parley.newPage(), parley.baseUrl);
    await guestList.open("/discussions");
    expect(await guestList.newMarkers.count()).toBe(0);
    expect(
      await item(welcome.title)
        .getByText(/^\d+ views?$/)
        .count(),
    ).toBe(1);
    // The last commenter's photo (Emeka's letter avatar), not the author's.
    expect(await item(welcome.title).locator("img").first().getAttribute("src")).toMatch(/[/]E[.]svg$/);
    await screenshot(page, "layout-discussions-member-1280-light");

    // Opened, a discussion is read: no marker on the way back (the lists already fetched), nor after a reload
    // (the server); the others keep theirs.
    const marker = (title: string) => list.newMarker(title);
    await waitForHydration(page);
    await list.listedLink("Coffee or tea?").click();
    await page.waitForURL(/[/]discussion[/]/);
    await list.heading.filter({ hasText: "Coffee or tea?" }).waitFor();
    await page.goBack();
    await page.waitForURL(`${parley.baseUrl}/discussions`);
    await expect.poll(() => marker("Coffee or tea?").count()).toBe(0);
    await page.reload();
    await item(welcome.title).waitFor();
    expect(await marker("Coffee or tea?").count()).toBe(0);
    expect(await marker(welcome.title).count()).toBe(1);
  });

  it("dark theme: the banner, lists and panel at 1280 and 375 px", async () => {
    await setTheme(parley.baseUrl, "theme-foundation-dark");
    try {
      for (const { name, path } of panelPages) {
        for (const [width, viewport] of [
          [1280, desktop],
          [375, mobile],
        ] as const) {
          const page = await parley.newPage({ viewport });
          await page.goto(parley.baseUrl + path);
          expect(await scrollsSideways(page)).toBe(false);
          await screenshot(page, `layout-${name}-${width}-dark`);
        }
      }
    } finally {
      await setTheme(parley.baseUrl, "theme-foundation");
    }
  });
});
