import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { HomeWidgetsPage } from "./pages/HomeWidgetsPage.ts";

/*
 * The home widgets (issue 38 item 3) as a guest sees them once an administrator has put a layout with them on the
 * home page through the API: server-rendered (they work without JavaScript), a carousel that moves by keyboard and
 * says which slide it shows, and desktop-only and mobile-only widgets at 1280 and 375 px. The categories, articles and
 * groups widgets show the guest only what a guest may read: not a members-only category nor a secret group.
 */

const parley = useParley();
const desktop = { width: 1280, height: 900 };
const mobile = { width: 375, height: 800 };
const featured = "Featured this week";
let titles: string[] = [];
const staffRoom = "Staff Room";
const secretGroup = "Moderators' Lounge";
let articleNames: string[] = [];

beforeAll(async () => {
  const admin = await signInAdmin(parley.baseUrl);
  const discussions = await admin.get<Array<{ discussionID: number; name: string }>>("/discussions?limit=5");
  titles = discussions.map((discussion) => discussion.name);
  const collection = await admin.post<{ collectionID: number }>("/collections", {
    name: "Featured",
    records: discussions.map((discussion) => ({ recordType: "discussion", recordID: discussion.discussionID })),
  });
  // A members-only category (guests may not view it) and the demo's secret group: neither may reach a guest.
  const staff = await admin.post<{ categoryID: number }>("/categories", { name: staffRoom, urlcode: "staff-room" });
  const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
  const guestRole = roles.find((role) => role.name === "Guest")!;
  await admin.patch(`/roles/${guestRole.roleID}`, {
    permissions: [{ type: "category", id: staff.categoryID, permissions: { "discussions.view": false } }],
  });
  const [base] = await admin.get<Array<{ knowledgeBaseID: number }>>("/knowledge-bases");
  const articles = await admin.get<Array<{ name: string }>>(
    `/articles?knowledgeBaseID=${base!.knowledgeBaseID}&limit=3`,
  );
  articleNames = articles.map((article) => article.name);
  const layout = await admin.post<{ layoutID: number }>("/layouts", {
    name: "Home with widgets",
    layoutViewType: "home",
    layout: [
      {
        $reactComponent: "react.section.full-width",
        $reactProps: { children: [{ $reactComponent: "react.banner", $reactProps: { iconUrl: "/favicon.svg" } }] },
      },
      {
        $reactComponent: "react.section.2-columns",
        $reactProps: {
          mainBottom: [
            {
              $reactComponent: "react.collection-records",
              $reactProps: {
                title: featured,
                subtitle: "Editors' picks",
                description: "What the community is talking about.",
                apiParams: { collectionID: collection.collectionID },
                containerOptions: { displayType: "carousel", maxColumnCount: 2, autoplaySeconds: 4 },
                itemOptions: { contentType: "title-description" },
              },
            },
            {
              $reactComponent: "react.cta",
              $reactProps: {
                title: "New here?",
                description: "Create an account to join the conversation.",
                button: { title: "Join the community", url: "/entry/register" },
              },
              $middleware: { visibility: { device: "mobile" } },
            },
            {
              $reactComponent: "react.discussion.discussions",
              $reactProps: { title: "Latest", apiParams: { limit: 3, sort: "-dateInserted" } },
              $middleware: { visibility: { device: "desktop" } },
            },
            {
              $reactComponent: "react.categories",
              $reactProps: {
                title: "Browse categories",
                apiParams: { limit: 50 },
                containerOptions: { displayType: "grid", maxColumnCount: 3 },
                itemOptions: { contentType: "title-description-icon" },
              },
            },
            {
              $reactComponent: "react.article.articles",
              $reactProps: {
                title: "Help articles",
                apiParams: { knowledgeBaseID: base!.knowledgeBaseID, limit: 3 },
                containerOptions: { displayType: "list", viewAll: { to: "/kb", name: "All help" } },
              },
            },
            {
              $reactComponent: "react.groups",
              $reactProps: {
                title: "Groups to join",
                apiParams: { limit: 30, sort: "name" },
                containerOptions: { displayType: "link" },
              },
            },
          ],
          secondaryBottom: [
            {
              $reactComponent: "react.quick-links",
              $reactProps: {
                links: [
                  { name: "All categories", url: "/categories" },
                  { name: "Search", url: "/search" },
                ],
              },
            },
          ],
        },
      },
    ],
  });
  const views = await admin.send("PUT", `/layouts/${layout.layoutID}/views`, [{ recordType: "global", recordID: -1 }]);
  expect(views.status).toBe(200);
});

const openHome = async (page: Page) => {
  const home = new HomeWidgetsPage(page, parley.baseUrl);
  expect((await home.open("/")).status()).toBe(200);
  return home;
};

describe("home widgets", () => {
  it("a guest without JavaScript gets them server-rendered: every slide reachable, desktop-only shown at 1280 px", async () => {
    const page = await parley.newPage({ viewport: desktop, javaScriptEnabled: false });
    const home = await openHome(page);
    expect(await home.heading.innerText()).toBe("Parley");
    expect(await home.imageLoaded(home.bannerIcon)).toBe(true);
    expect(await home.slides(featured).count()).toBe(5);
    for (const title of titles)
      expect(await home.carousel(featured).getByRole("link", { name: title }).count()).toBe(1);
    // Without the script there are no buttons that would do nothing: the row scrolls.
    expect(await home.carousel(featured).getByRole("button").count()).toBe(0);
    expect(await home.track(featured).evaluate((track) => getComputedStyle(track).overflowX)).toBe("auto");
    expect(await home.quickLink("All categories").getAttribute("href")).toBe("/categories");
    expect(await home.widgetDiscussion(titles[0]!).first().isVisible()).toBe(true);
    expect(await home.widget("cta").isVisible()).toBe(false);
    await screenshot(page, "home-widgets-1280-no-js");
  });

  it("a guest without JavaScript gets the categories, articles and groups a guest may read, and no other", async () => {
    const page = await parley.newPage({ viewport: desktop, javaScriptEnabled: false });
    const home = await openHome(page);
    const categories = home.widget("categories-widget");
    expect(await categories.getByRole("heading", { name: "Browse categories" }).count()).toBe(1);
    expect(await home.widgetLink("categories-widget", /General/).count()).toBe(1);
    expect(await categories.getByText(staffRoom).count()).toBe(0);
    expect(articleNames.length).toBeGreaterThan(0);
    for (const name of articleNames) expect(await home.widgetLink("articles-widget", name).count()).toBe(1);
    expect(await home.widgetLink("articles-widget", "All help").getAttribute("href")).toBe("/kb");
    const groups = home.widget("groups-widget");
    expect(await groups.getByRole("link").count()).toBeGreaterThan(0);
    expect(await groups.getByText(secretGroup).count()).toBe(0);
    expect(await home.textAnywhere(staffRoom).count()).toBe(0);
    await screenshot(page, "home-record-widgets-1280-no-js");
  });

  it("with JavaScript the same records stay after hydration, without errors, and axe finds nothing serious", async () => {
    const page = await parley.newPage({ viewport: mobile, bypassCSP: true });
    const problems = collectErrors(page);
    const home = await openHome(page);
    await waitForHydration(page);
    expect(await home.widgetLink("categories-widget", /General/).count()).toBe(1);
    expect(await home.widgetLink("articles-widget", articleNames[0]!).count()).toBe(1);
    expect(await home.widget("groups-widget").getByText(secretGroup).count()).toBe(0);
    expect(await home.textAnywhere(staffRoom).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("at 375 px the mobile-only call to action shows and the desktop-only discussions do not", async () => {
    const page = await parley.newPage({ viewport: mobile, javaScriptEnabled: false });
    const home = await openHome(page);
    expect(await home.callToAction("Join the community").isVisible()).toBe(true);
    expect(await home.callToAction("Join the community").getAttribute("href")).toBe("/entry/register");
    expect(await home.widget("discussions-widget").isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await screenshot(page, "home-widgets-375-no-js");
  });

  it("with JavaScript the carousel auto-advances with a Pause button, moves by keyboard and announces the slide", async () => {
    const page = await parley.newPage({ viewport: desktop, bypassCSP: true });
    const problems = collectErrors(page);
    const home = await openHome(page);
    // The server's page, before the app hydrates (axe needs scripts: it runs here, not without JavaScript).
    expect(await seriousAxeViolations(page)).toEqual([]);
    await waitForHydration(page);
    const status = home.slideStatus(featured);
    await expect.poll(() => status.innerText()).toBe("Slide 1 of 5");
    expect(await status.getAttribute("aria-live")).toBe("off");
    // Auto-advance (4 s a slide), then paused by keyboard.
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe("Slide 2 of 5");
    const pause = home.carouselButton(featured, "Pause slides");
    await pause.focus();
    await page.keyboard.press("Enter");
    expect(await home.carouselButton(featured, "Play slides").count()).toBe(1);
    expect(await status.getAttribute("aria-live")).toBe("polite");
    // Next and Previous by keyboard, the row scrolled to the slide.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(
      await home.carouselButton(featured, "Next slide").evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => status.innerText()).toBe("Slide 3 of 5");
    await expect.poll(() => home.track(featured).evaluate((track) => track.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect.poll(() => status.innerText()).toBe("Slide 2 of 5");
    // Still paused: it stays on its slide.
    await page.waitForTimeout(5000);
    expect(await status.innerText()).toBe("Slide 2 of 5");
    // The row shows that slide at its start.
    const offset = await home
      .track(featured)
      .evaluate((track) => track.children[1]!.getBoundingClientRect().left - track.getBoundingClientRect().left);
    expect(Math.abs(offset)).toBeLessThanOrEqual(1);
    // A taller window (no scrollbar: the row is wider) keeps that slide at the row's start.
    await page.setViewportSize({ width: desktop.width, height: 1400 });
    await expect
      .poll(() =>
        home
          .track(featured)
          .evaluate((track) =>
            Math.abs(track.children[1]!.getBoundingClientRect().left - track.getBoundingClientRect().left),
          ),
      )
      .toBeLessThanOrEqual(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "home-widgets-1280-js");
    expect(problems.errors).toEqual([]);
  });

  it("does not auto-advance for a reader who prefers reduced motion", async () => {
    const page = await parley.newPage({ viewport: mobile, reducedMotion: "reduce", bypassCSP: true });
    const home = await openHome(page);
    await waitForHydration(page);
    await expect.poll(() => home.carouselButton(featured, "Play slides").count()).toBe(1);
    await page.waitForTimeout(5000);
    expect(await home.slideStatus(featured).innerText()).toBe("Slide 1 of 5");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "home-widgets-375-js");
  });
});
