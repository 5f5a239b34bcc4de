import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteTotals } from "@parley/contracts";
import { createApi, seededAdmin, type Session } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { expectSchema, postComment, postDiscussion } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const DAY_MS = 86_400_000;

describe.each(engines)("GET /site-totals on %s", (engine) => {
  let t: TestApp;
  let api: ReturnType<typeof createApi>;
  let admin: Session;
  let categoryID: number;
  const totals = async (query = "") => {
    const response = await api.get(`/api/v2/site-totals${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SiteTotals>();
    expectSchema(SiteTotals, body);
    return body.counts;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: true });
    // A year on: the demo community's posts and members are older than either window.
    t.clock.set(new Date(Date.now() + 365 * DAY_MS));
    api = createApi(t.app);
    admin = await api.signIn(seededAdmin);
    categoryID = (
      await t.database.db
        .selectFrom("categories")
        .select("categoryID")
        .where("urlcode", "=", "general")
        .executeTakeFirstOrThrow()
    ).categoryID;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts members, discussions, comments, posts and categories for anyone, with the new ones of 7 and 30 days", async () => {
    const before = await totals();
    expect(Object.keys(before).sort()).toEqual(["category", "comment", "discussion", "post", "user"]);
    for (const name of ["user", "discussion", "comment", "post"] as const)
      expect(before[name], name).toMatchObject({
        isCalculating: false,
        isFiltered: false,
        last7Days: 0,
        last30Days: 0,
      });
    expect(before["discussion"]!.count).toBeGreaterThan(0);
    expect(before["post"]!.count).toBe(before["discussion"]!.count + before["comment"]!.count);
    expect(before["category"]).toEqual({ count: before["category"]!.count, isCalculating: false, isFiltered: false });

    const discussion = await postDiscussion(api, admin, { categoryID, name: "Counted" });
    await postComment(api, admin, discussion.discussionID);
    await postComment(api, admin, discussion.discussionID);
    const made = await api.post(
      "/api/v2/users",
      { name: "Newcomer", email: "newcomer@people.test", password: "long enough 1" },
      { as: admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const category = await api.post(
      "/api/v2/categories",
      { name: "Counted Too", urlcode: "counted-too" },
      { as: admin },
    );
    expect(category.statusCode, category.body).toBe(201);

    const after = await totals();
    const grew = (name: string, by: number) => ({
      count: before[name]!.count + by,
      isCalculating: false,
      isFiltered: false,
      last7Days: by,
      last30Days: by,
    });
    expect(after).toEqual({
      user: grew("user", 1),
      discussion: grew("discussion", 1),
      comment: grew("comment", 2),
      post: grew("post", 3),
      category: { count: before["category"]!.count + 1, isCalculating: false, isFiltered: false },
    });

    // Eight days on the week has forgotten them, the month not; a month on, neither counts them.
    t.clock.advance(8 * DAY_MS);
    const weekLater = await totals("?counts=post,user");
    expect(weekLater).toEqual({
      post: { ...grew("post", 3), last7Days: 0 },
      user: { ...grew("user", 1), last7Days: 0 },
    });
    t.clock.advance(23 * DAY_MS);
    expect((await totals("?counts[]=comment"))["comment"]).toMatchObject({
      count: before["comment"]!.count + 2,
      last7Days: 0,
      last30Days: 0,
    });
  });

  it("leaves a deleted member out", async () => {
    // The first test moved the clock a month on, past the session's life.
    admin = await api.signIn(seededAdmin);
    const made = await api.post(
      "/api/v2/users",
      { name: "Leaving Soon", email: "leaving@people.test", password: "long enough 1" },
      { as: admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const counted = (await totals("?counts=user"))["user"]!.count;
    const deleted = await api.request("DELETE", `/api/v2/users/${made.json<{ userID: number }>().userID}`, {
      as: admin,
      body: { deleteMethod: "keep" },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await totals("?counts=user"))["user"]!.count).toBe(counted - 1);
  });

  it("answers only the counts asked for, and refuses an unknown count or site section", async () => {
    expect(Object.keys(await totals("?counts=user,category"))).toEqual(["user", "category"]);
    expect(Object.keys(await totals("?counts=all"))).toHaveLength(5);
    const unknown = await api.get("/api/v2/site-totals?counts=user,onlineUser");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      errors: [
        {
          field: "counts",
          message: "Unknown count: onlineUser. The counts are user, discussion, comment, post, category or all.",
        },
      ],
    });
    const section = await api.get("/api/v2/site-totals?siteSectionID=5");
    expect(section.statusCode).toBe(404);
  });
});
