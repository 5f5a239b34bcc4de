import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postComment, postDiscussion, type ContentFixture } from "../../test/content.ts";

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
});
