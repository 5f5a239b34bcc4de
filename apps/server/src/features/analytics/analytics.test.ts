import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postComment, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { createAnalyticsRepo, monthlyMetric, rollupSpans } from "./analytics.repo.ts";

describe("the spans a period's top lists are read from", () => {
  it("reads finished months whole from their rollups and the rest by day", () => {
    expect(rollupSpans("2026-01-15", "2026-04-10", "2026-11-28")).toEqual({
      months: ["2026-02", "2026-03"],
      days: [
        ["2026-01-15", "2026-01-31"],
        ["2026-04-01", "2026-04-10"],
      ],
    });
    // The month in progress is read by its days, even when the period covers it from its first day.
    expect(rollupSpans("2026-10-01", "2026-11-30", "2026-11-28")).toEqual({
      months: ["2026-10"],
      days: [["2026-11-01", "2026-11-30"]],
    });
    expect(rollupSpans("2026-11-03", "2026-11-09", "2026-11-28")).toEqual({
      months: [],
      days: [["2026-11-03", "2026-11-09"]],
    });
    // A year: twelve months, eleven of them from their rollups.
    const year = rollupSpans("2025-11-29", "2026-11-28", "2026-11-28");
    expect(year.months).toHaveLength(11);
    expect(year.days).toEqual([
      ["2025-11-29", "2025-11-30"],
      ["2026-11-01", "2026-11-28"],
    ]);
  });
});

type Cast = "reader" | "private" | "other";

describe.each(engines)("analytics on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussionID: number;
  let today: string;

  const summary = async (from = today, to = today) => {
    const response = await f.api.get(`/api/v2/analytics/summary?from=${from}&to=${to}`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AnalyticsSummary>();
  };
  const tick = (as: ContentFixture<Cast>["admin"] | null, headers: Record<string, string> = {}) =>
    f.api.post(
      "/api/v2/tick",
      { type: "discussion_view", discussionID, url: `http://forum.test/discussion/${discussionID}` },
      { as, headers },
    );
  const flushed = async () => {
    await f.t.app.flushViews();
    await f.t.app.flushAnalytics();
  };

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      reader: { name: "Rita Reader", role: "member" },
      private: { name: "Pia Private", role: "member" },
      other: { name: "Otto Other", role: "member" },
    });
    today = new Date().toISOString().slice(0, 10);
    discussionID = (await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Much read" }))
      .discussionID;
    await flushed();
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("counted the posts and members already there as it started, by the day they were added", async () => {
    const db = f.t.database.db;
    const rows = await db
      .selectFrom("analyticsDaily")
      .select(["metric", (eb) => eb.fn.sum<number | string>("count").as("count")])
      .where("metric", "in", ["discussions", "comments", "newMembers"])
      .where("key", "=", "")
      .groupBy("metric")
      .execute();
    const counted = Object.fromEntries(rows.map((row) => [row.metric, Number(row.count)]));
    const count = async (table: "discussions" | "comments" | "users") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as("count"))
            .where(
              table === "users" ? "userID" : "dateInserted",
              table === "users" ? ">" : "is not",
              table === "users" ? 0 : null,
            )
            .executeTakeFirstOrThrow()
        ).count,
      );
    // Since then the discussion of beforeAll, counted as it came (its event); not the cast's three members,
    // whom the fixture writes to the table behind the app's back.
    expect(counted).toEqual({
      discussions: await count("discussions"),
      comments: await count("comments"),
      newMembers: (await count("users")) - 3,
    });
  });

  it("counts discussion views, active members and posts of the day, and names the most viewed", async () => {
    const before = (await summary()).totals;
    expect((await tick(f.as.reader)).json()).toEqual({ didTrack: true });
    await tick(f.as.reader); // The same reader again: one view.
    await tick(f.as.other);
    await tick(null, { "x-forwarded-for": "198.51.100.7" });
    await postComment(f.api, f.as.other, discussionID, "A reply that counts.");
    await flushed();
    const after = await summary();
    expect(after.days).toHaveLength(1);
    expect(after.totals.comments - before.comments).toBe(1);
    // Rita and Otto (by their views; Otto's comment does not count him twice), not the guest.
    expect(after.totals.activeMembers - before.activeMembers).toBe(2);
    expect(after.topDiscussions[0]).toMatchObject({ discussionID, name: "Much read", views: 3 });
    expect(after.topDiscussions[0]!.url).toMatch(new RegExp(`/discussion/${discussionID}/`));
    expect(after.topCategories[0]).toMatchObject({ categoryID: f.category.general, views: 3 });
  });

  it("counts a page the app showed after hydrating (a page_view tick), once a visit, not a crawler's nor Do Not Track's", async () => {
    const before = (await summary()).totals;
    const pageView = (as: ContentFixture<Cast>["admin"] | null, headers: Record<string, string>) =>
      f.api.post("/api/v2/tick", { type: "page_view", url: "http://forum.test/categories" }, { as, headers });
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) page-view-test" };
    const counted = await pageView(f.as.other, browser);
    expect(counted.statusCode, counted.body).toBe(201);
    expect(counted.json()).toEqual({ didTrack: true });
    expect((await pageView(f.as.other, browser)).statusCode).toBe(201);
    expect((await pageView(null, { "user-agent": "Googlebot/2.1" })).json()).toMatchObject({ didTrack: false });
    expect((await pageView(null, { ...browser, dnt: "1" })).statusCode).toBe(201);
    await flushed();
    const after = (await summary()).totals;
    expect(after.pageViews).toBe(before.pageViews + 2);
  });

  it("counts the searches that found nothing, their words folded, and not those that found something", async () => {
    const search = (query: string) =>
      f.api.get(`/api/v2/search?query=${encodeURIComponent(query)}`, { as: f.as.reader });
    expect((await search("  Zebra   Unicorns ")).statusCode).toBe(200);
    expect((await search("zebra unicorns")).statusCode).toBe(200);
    expect((await search("much read")).statusCode).toBe(200);
    await flushed();
    const { searchesWithoutResults } = await summary();
    expect(searchesWithoutResults).toContainEqual({ query: "zebra unicorns", count: 2 });
    expect(searchesWithoutResults.map((row) => row.query)).not.toContain("much read");
  });

  it("leaves out a member who asks, a guest whose cookie says so, Do Not Track and crawlers", async () => {
    const privacy = (as: ContentFixture<Cast>["admin"] | null, headers: Record<string, string> = {}) =>
      f.api.get("/api/v2/analytics/privacy", { as, headers });
    expect((await privacy(f.as.private)).json()).toEqual({ AnonymizeData: "-1" });
    const chosen = await f.api.post("/api/v2/analytics/privacy", { AnonymizeData: "1" }, { as: f.as.private });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((await privacy(f.as.private)).json()).toEqual({ AnonymizeData: "1" });
    expect(
      (await f.api.post("/api/v2/analytics/privacy", { AnonymizeData: "yes" }, { as: f.as.private })).statusCode,
    ).toBe(400);
    // Guests keep their choice in a cookie; the API takes a member's only.
    expect((await privacy(null, { cookie: "parley-AnonymizeData=true" })).json()).toEqual({ AnonymizeData: "1" });
    expect((await f.api.post("/api/v2/analytics/privacy", { AnonymizeData: "1" }, { as: null })).statusCode).toBe(403);

    const other = await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Quietly read" });
    discussionID = other.discussionID;
    await flushed();
    const before = (await summary()).totals.activeMembers;
    await tick(f.as.private);
    await tick(null, { cookie: "parley-AnonymizeData=true", "x-forwarded-for": "198.51.100.8" });
    await tick(null, { dnt: "1", "x-forwarded-for": "198.51.100.9" });
    await tick(null, { "sec-gpc": "1", "x-forwarded-for": "198.51.100.10" });
    await tick(null, { "user-agent": "Googlebot/2.1", "x-forwarded-for": "198.51.100.11" });
    await flushed();
    const quiet = await summary();
    expect(quiet.topDiscussions.map((row) => row.discussionID)).not.toContain(other.discussionID);
    expect(quiet.totals.activeMembers).toBe(before);

    // Back to the default: counted again.
    await f.api.post("/api/v2/analytics/privacy", { AnonymizeData: "-1" }, { as: f.as.private });
    await f.api.post("/api/v2/analytics/privacy", { AnonymizeData: "0" }, { as: f.as.reader });
    await tick(f.as.reader);
    await flushed();
    expect((await summary()).topDiscussions).toContainEqual(
      expect.objectContaining({ discussionID: other.discussionID, views: 1 }),
    );
  });

  it("answers every day of a period, refuses members, bad and overlong periods, and exports CSV", async () => {
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const week = await summary(from, today);
    expect(week.days.map((day) => day.date)).toHaveLength(7);
    expect(week.days[0]!.date).toBe(from);
    expect(week.days[6]!.date).toBe(today);
    expect(week.days[6]!.comments).toBeGreaterThan(0);

    const get = (query: string, as = f.admin) => f.api.get(`/api/v2/analytics/summary?${query}`, { as });
    expect((await get(`from=${from}&to=${today}`, f.as.reader)).statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/analytics/summary?from=${from}&to=${today}`, { as: null })).statusCode).toBe(403);
    expect((await get(`from=${today}&to=${from}`)).statusCode).toBe(400);
    expect((await get(`from=2024-01-01&to=2025-12-31`)).statusCode).toBe(400);
    expect((await get(`from=2024-02-30&to=2024-03-01`)).statusCode).toBe(400);
    expect((await get(`from=yesterday&to=${today}`)).statusCode).toBe(400);

    const csv = await f.api.get(`/api/v2/analytics/summary.csv?from=${from}&to=${today}`, { as: f.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="analytics-${from}-${today}.csv"`);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,pageViews,visits,activeMembers,newMembers,discussions,comments");
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe(
      [
        today,
        ...["pageViews", "visits", "activeMembers", "newMembers", "discussions", "comments"].map(
          (m) => week.days[6]![m as "visits"],
        ),
      ].join(","),
    );
    expect(
      (await f.api.get(`/api/v2/analytics/summary.csv?from=${from}&to=${today}`, { as: f.as.reader })).statusCode,
    ).toBe(403);
  });
  it("adds a view to its month's rollup, keeps a finished day's and month's most counted keys, and answers the same top list", async () => {
    const db = f.t.database.db;
    const month = today.slice(0, 7);
    const monthRow = async () =>
      db
        .selectFrom("analyticsDaily")
        .select("count")
        .where("metric", "=", monthlyMetric("discussionViews"))
        .where("day", "=", month)
        .where("key", "=", String(discussionID))
        .executeTakeFirst();
    // The views counted today (the tests above) are in this month's rollup too, as many.
    const daily = await db
      .selectFrom("analyticsDaily")
      .select((eb) => eb.fn.sum<number | string>("count").as("count"))
      .where("metric", "=", "discussionViews")
      .where("day", ">=", `${month}-01`)
      .where("key", "=", String(discussionID))
      .executeTakeFirstOrThrow();
    const before = (await monthRow())?.count ?? 0;
    expect(before).toBeGreaterThan(0);
    expect(before).toBe(Number(daily.count));

    // A finished month far back: 30 days of 40 keys, and a crowded day of 700 (more than a day keeps).
    const repo = createAnalyticsRepo(db, engine);
    const rows: Array<{ metric: string; day: string; key: string; count: number }> = [];
    for (let day = 1; day <= 30; day++)
      for (let key = 1; key <= 40; key++)
        rows.push({
          metric: "discussionViews",
          day: `2024-06-${String(day).padStart(2, "0")}`,
          key: String(900_000 + key),
          count: ((key * 7 + day) % 13) + 1,
        });
    for (let key = 41; key <= 740; key++)
      rows.push({ metric: "discussionViews", day: "2024-07-02", key: String(900_000 + key), count: (key % 50) + 1 });
    const sums = new Map<string, number>();
    for (const row of rows.filter((item) => item.day.startsWith("2024-06")))
      sums.set(row.key, (sums.get(row.key) ?? 0) + row.count);
    const monthly = [...sums].map(([key, count]) => ({
      metric: monthlyMetric("discussionViews"),
      day: "2024-06",
      key,
      count,
    }));
    for (let i = 0; i < rows.length; i += 300)
      await db
        .insertInto("analyticsDaily")
        .values(rows.slice(i, i + 300))
        .execute();
    await db.insertInto("analyticsDaily").values(monthly).execute();
    const expected = [...sums]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .slice(0, 10);
    // Read from June's rollup (a finished month covered whole), the same as summing its days.
    expect(await repo.top("discussionViews", "2024-06-01", "2024-06-30", 10, today)).toEqual(expected);
    expect(await repo.top("discussionViews", "2024-06-01", "2024-06-30", 10, "2024-06-30")).toEqual(expected);

    await repo.compact(today, { day: 500, month: 30 });
    const kept = async (metric: string, day: string) =>
      Number(
        (
          await db
            .selectFrom("analyticsDaily")
            .select((eb) => eb.fn.countAll<number | string>().as("count"))
            .where("metric", "=", metric)
            .where("day", "=", day)
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await kept("discussionViews", "2024-07-02")).toBe(500);
    expect(await kept("discussionViews", "2024-06-15")).toBe(40);
    expect(await kept(monthlyMetric("discussionViews"), "2024-06")).toBe(30);
    // The day kept its most counted keys: the top of the day is unchanged.
    const top = await repo.top("discussionViews", "2024-07-02", "2024-07-02", 3, today);
    expect(top.map((row) => row.count)).toEqual([50, 50, 50]);
    expect(await repo.top("discussionViews", "2024-06-01", "2024-06-30", 10, today)).toEqual(expected);
    // Today's rows are never trimmed.
    expect((await monthRow())?.count).toBe(before);
  });
});
