import { describe, expect, it } from "vitest";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { categoryID, createDiscussion, pathOf, signInAdmin, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { AnalyticsPage, AnalyticsPrivacyPage } from "./pages/AnalyticsPage.ts";
import { ParleyPage } from "./pages/ParleyPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

/** A reader's browser: to the server, Chromium's own headless User-Agent is a crawler's, whose views are not counted. */
const readerAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const measuresHeader = "date,pageViews,visits,activeMembers,newMembers,discussions,comments";
const captions = ["Page Views and Visits", "New Members", "Discussions and Comments", "Active Members"];

const utcToday = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
/** The last `count` days, today (UTC) included, oldest first. */
const lastDays = (count: number, today: string) =>
  Array.from({ length: count }, (_, index) => addDays(today, index + 1 - count));

interface Summary {
  totals: { pageViews: number; visits: number };
  topDiscussions: Array<{ discussionID: number; name: string; views: number }>;
  searchesWithoutResults: Array<{ query: string; count: number }>;
}

/** Today's summary, as the administrator reads it from the API. */
const todaysSummary = (api: ApiSession) => api.get<Summary>(`/analytics/summary?from=${utcToday()}&to=${utcToday()}`);

describe("site analytics on the dashboard (issue 40 item 2)", () => {
  it("an administrator reads the charts with their tables, changes the period by keyboard and downloads the CSV", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const discussion = await createDiscussion(api, {
      name: "Where to buy seed potatoes",
      body: "Our garden centre has none left this year.",
      categoryID: await categoryID(api, "general"),
    });
    const nothing = "zzqx-nothing-like-it";
    const before = await todaysSummary(api);

    // A guest reads a few pages, opens the discussion (its view is told once the page runs) and searches in vain.
    const guest = await parley.newPage({ userAgent: readerAgent });
    const reader = new ParleyPage(guest, parley.baseUrl);
    for (const path of ["/", "/categories"]) expect((await reader.open(path)).status()).toBe(200);
    expect((await reader.open(pathOf(discussion.url))).status()).toBe(200);
    await waitForHydration(guest);
    expect((await reader.open(`/search?query=${nothing}`)).status()).toBe(200);
    await waitForHydration(guest);

    // The server gathers them in memory and adds them to the day's counts every 5 seconds.
    await expect
      .poll(
        async () => {
          const summary = await todaysSummary(api);
          return {
            pageViews: summary.totals.pageViews - before.totals.pageViews >= 4,
            discussion: summary.topDiscussions.some((top) => top.discussionID === discussion.discussionID),
            search: summary.searchesWithoutResults.some((search) => search.query === nothing),
          };
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toEqual({ pageViews: true, discussion: true, search: true });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const analytics = new AnalyticsPage(page, parley.baseUrl);
    await analytics.open("/dashboard");
    await waitForHydration(page);
    await analytics.openFromNavigation();
    await analytics.waitForPage("Analytics");
    expect(analytics.pathname()).toBe("/dashboard/analytics");

    // The last 30 days, today (UTC) last: totals, four charts each with its table of the same figures, the top lists.
    const today = utcToday();
    const month = lastDays(30, today);
    expect(await analytics.chosenPeriod()).toBe("Last 30 days");
    expect(await analytics.dates()).toEqual({ from: month[0], to: today });
    const totals = await analytics.totals();
    expect(Object.keys(totals)).toEqual([
      "Page views",
      "Visits",
      "Active members a day, on average",
      "New members",
      "Discussions",
      "Comments",
    ]);
    expect(totals["Page views"]).toBeGreaterThanOrEqual(4);
    expect(totals["Visits"]).toBeGreaterThanOrEqual(1);
    expect(await analytics.chartCaptions()).toEqual(captions);
    for (const caption of captions) {
      const chart = await analytics.readChart(caption);
      expect(chart.days).toEqual(month);
      expect(chart.tabled).toEqual(chart.drawn);
      expect(chart.label).toMatch(new RegExp(`^${caption}, a day from `));
    }
    const traffic = await analytics.readChart("Page Views and Visits");
    expect(traffic.drawn["pageViews"]!.at(-1)).toBeGreaterThanOrEqual(4);
    expect(traffic.drawn["visits"]!.at(-1)).toBeGreaterThanOrEqual(1);
    expect((await analytics.readChart("Discussions and Comments")).drawn["discussions"]!.at(-1)).toBeGreaterThanOrEqual(
      1,
    );
    expect((await analytics.topRows("Most Viewed Discussions")).map(([name]) => name)).toContain(discussion.name);
    expect(await analytics.topRows("Searches That Found Nothing")).toContainEqual([nothing, 1]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "analytics-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "analytics-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The last 7 days, chosen with the keyboard alone.
    await analytics.choosePeriodByKeyboard("Last 7 days");
    await page.waitForURL((url) => url.searchParams.get("period") === "7");
    const week = lastDays(7, today);
    await expect.poll(async () => (await analytics.readChart("New Members")).days).toEqual(week);
    expect(await analytics.chosenPeriod()).toBe("Last 7 days");

    // Its CSV: a header row, then a row a day.
    const csv = await analytics.downloadCsv();
    expect(csv.fileName).toBe(`analytics-${week[0]}-${today}.csv`);
    const [header, ...rows] = csv.text.trimEnd().split(/\r?\n/);
    expect(header).toBe(measuresHeader);
    expect(rows.map((row) => row.split(",")[0])).toEqual(week);
    expect(Number(rows.at(-1)!.split(",")[1])).toBe(traffic.drawn["pageViews"]!.at(-1));
    expect(problems.errors).toEqual([]);
  });

  it("counts a page the app shows after hydrating (a link followed), once", async () => {
    const api = await signInAdmin(parley.baseUrl);
    const before = await todaysSummary(api);
    const guest = await parley.newPage({ userAgent: readerAgent });
    const reader = new ParleyPage(guest, parley.baseUrl);
    // The server counts the page it rendered; the app tells of the next one, which it shows without a load.
    expect((await reader.open("/")).status()).toBe(200);
    await waitForHydration(guest);
    const documents: string[] = [];
    guest.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await reader.mainNavigation.getByRole("link", { name: "Categories" }).click();
    await reader.headingNamed("Categories").waitFor();
    expect(documents).toEqual([]);
    await expect
      .poll(async () => (await todaysSummary(api)).totals.pageViews - before.totals.pageViews, {
        timeout: 15_000,
        interval: 1_000,
      })
      .toBe(2);
  });

  it("looks right in the dark theme at 1280 and 375 px", async () => {
    const api = await signInAdmin(parley.baseUrl);
    await api.send("PUT", "/themes/current", { themeID: "theme-foundation-dark" });
    try {
      for (const width of [1280, 375]) {
        const page = await parley.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
        await signInContext(page, parley.baseUrl, admin);
        const analytics = new AnalyticsPage(page, parley.baseUrl);
        expect((await analytics.goto()).status()).toBe(200);
        await analytics.openTable("Page Views and Visits");
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshot(page, `analytics-dark-${width}`);
      }
    } finally {
      await api.send("PUT", "/themes/current", { themeID: "theme-foundation" });
    }
  });

  it("refuses a member the page, and keeps a member's choice to be left out", async () => {
    const member = newMember("analytics");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, member);

    const refused = new AnalyticsPage(page, parley.baseUrl);
    expect((await refused.goto()).status()).toBe(403);
    expect(await refused.heading.innerText()).toBe("Permission Problem");
    expect(await refused.navigation.count()).toBe(0);

    const privacy = new AnalyticsPrivacyPage(page, parley.baseUrl);
    expect((await privacy.goto()).status()).toBe(200);
    await waitForHydration(page);
    expect(await privacy.isLeftOut()).toBe(false);
    await privacy.leaveOut(true);
    await privacy.statusMessage("Your choice about the site's analytics has been saved.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "analytics-privacy-1280");
    const stored = await page.request.get(`${parley.baseUrl}/api/v2/analytics/privacy`);
    expect(await stored.json()).toEqual({ AnonymizeData: "1" });
    await page.reload();
    expect(await privacy.isLeftOut()).toBe(true);
    // The refused page's 403 is the only failed request.
    expect(problems.errors.filter((error) => !error.includes("403"))).toEqual([]);
  });

  it("keeps a member's choice without JavaScript too", async () => {
    const member = newMember("analyticsnojs");
    await registerConfirmed(parley, member);
    const page = await parley.newPage({ javaScriptEnabled: false });
    await signInContext(page, parley.baseUrl, member);
    const privacy = new AnalyticsPrivacyPage(page, parley.baseUrl);
    await privacy.goto();
    await privacy.leaveOut(true);
    await privacy.statusMessage("Your choice about the site's analytics has been saved.").waitFor();
    await privacy.goto();
    expect(await privacy.isLeftOut()).toBe(true);
    await privacy.leaveOut(false);
    await privacy.goto();
    expect(await privacy.isLeftOut()).toBe(false);
  });
});
