import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Leader, type Leader as LeaderRecord } from "@parley/contracts";
import { seededAdmin, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  makeMembersOnly,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "top" | "middle" | "quiet" | "fan" | "fan2" | "moderator";

/** `GET /users/leaders`: per slot, per category, by points, posts or accepted answers; who is left off. */
describe.each(engines)("leaderboards on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let other: number;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      top: { name: "Leader Top", role: "member", bypassSpam: true },
      middle: { name: "Leader Middle", role: "member", bypassSpam: true },
      quiet: { name: "Leader Quiet", role: "member", bypassSpam: true },
      fan: { name: "Leader Fan", role: "member", bypassSpam: true },
      fan2: { name: "Leader Fan Two", role: "member", bypassSpam: true },
      moderator: { name: "Leader Moderator", role: "moderator", bypassSpam: true },
    });
    other = f.category["off-topic"];
    // Top: 2 points in general, 1 elsewhere; middle: 1 point in general; quiet posts without reactions.
    const first = await postDiscussion(f.api, f.as.top, { name: "Leaders: first", categoryID: f.category.general });
    const second = await postDiscussion(f.api, f.as.top, { name: "Leaders: elsewhere", categoryID: other });
    const third = await postDiscussion(f.api, f.as.middle, { name: "Leaders: third", categoryID: f.category.general });
    for (const as of [f.as.fan, f.as.fan2]) await react(as, first.discussionID);
    await react(f.as.fan, second.discussionID);
    await react(f.as.fan, third.discussionID);
    await postComment(f.api, f.as.quiet, first.discussionID, "One");
    await postComment(f.api, f.as.quiet, first.discussionID, "Two");
    await postComment(f.api, f.as.quiet, third.discussionID, "Three");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  async function react(as: Session, discussionID: number) {
    const response = await f.api.post(
      `/api/v2/discussions/${discussionID}/reactions`,
      { reactionType: "like" },
      { as },
    );
    expect(response.statusCode, response.body).toBe(201);
  }
  const board = async (query: string, as: Session | null = null) => {
    const response = await f.api.get(`/api/v2/users/leaders?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(Leader), response.json());
    return response.json<LeaderRecord[]>();
  };
  const names = (rows: LeaderRecord[]) => rows.map((row) => `${row.name}=${row.points}`);
  /** The cast's places among the demo community's members. */
  const castNames = (rows: LeaderRecord[]) => names(rows).filter((name) => name.startsWith("Leader "));

  it("ranks members by points, all time and in one category, with Vanilla's fields", async () => {
    const all = await board("leaderboardType=reputation&slotType=a");
    expect(names(all)).toEqual(["Leader Top=3", "Leader Middle=1"]);
    expect(all[0]).toMatchObject({
      slotType: "a",
      timeSlot: "1970-01-01T00:00:00+00:00",
      source: "Total",
      categoryID: 0,
      userID: f.users.top.userID,
    });
    expect(all[0]!.user.url).toContain("/profile/");
    expect(names(await board(`categoryID=${f.category.general}`))).toEqual(["Leader Top=2", "Leader Middle=1"]);
    expect(names(await board(`categoryID=${other}`))).toEqual(["Leader Top=1"]);
    expect(names(await board("limit=1"))).toEqual(["Leader Top=3"]);
  });

  it("counts a day's, week's, month's and year's points in their slot only", async () => {
    for (const slot of ["d", "w", "m", "y"])
      expect(names(await board(`slotType=${slot}`))).toEqual(["Leader Top=3", "Leader Middle=1"]);
    f.t.clock.advance(2 * 86_400_000);
    // The sessions, idle meanwhile, signed in again.
    for (const key of Object.keys(f.users) as Cast[]) f.as[key] = await f.api.signIn(f.users[key]);
    f.admin = await f.api.signIn(seededAdmin);
    expect(await board("slotType=d")).toEqual([]);
    expect(names(await board("slotType=a"))).toEqual(["Leader Top=3", "Leader Middle=1"]);
  });

  it("counts posts and accepted answers for those leaderboards", async () => {
    const posts = await board("leaderboardType=posts&limit=100");
    expect(castNames(posts)).toEqual(["Leader Quiet=3", "Leader Top=2", "Leader Middle=1"]);
    expect(posts[0]?.source).toBe("Posts");
    expect(castNames(await board(`leaderboardType=posts&categoryID=${other}&limit=100`))).toEqual(["Leader Top=1"]);
    expect(castNames(await board("leaderboardType=posts&slotType=y&limit=100"))).toEqual([
      "Leader Quiet=3",
      "Leader Top=2",
      "Leader Middle=1",
    ]);
    // Two days on: none of them posted today.
    expect(castNames(await board("leaderboardType=posts&slotType=d&limit=100"))).toEqual([]);
    // A post today counts in today's, this week's and all time's.
    await postComment(
      f.api,
      f.as.quiet,
      (await postDiscussion(f.api, f.as.middle, { name: "Leaders: today", categoryID: other })).discussionID,
      "Today",
    );
    // A tie is in the members' id order, which the cast's creation (in parallel) does not fix: compared as a set.
    expect(castNames(await board("leaderboardType=posts&slotType=d&limit=100")).sort()).toEqual([
      "Leader Middle=1",
      "Leader Quiet=1",
    ]);
    // This week's has them too (and Top's of two days ago, when that was this week).
    expect(castNames(await board(`leaderboardType=posts&slotType=w&categoryID=${other}&limit=100`))).toEqual(
      expect.arrayContaining(["Leader Middle=1", "Leader Quiet=1"]),
    );
    expect(await board("leaderboardType=acceptedAnswers")).toEqual([]);
  });

  it("leaves off banned and private members (but for those who see personal information) and administrators", async () => {
    const madePrivate = await f.api.patch(`/api/v2/users/${f.users.middle.userID}`, { private: true }, { as: f.admin });
    expect(madePrivate.statusCode, madePrivate.body).toBe(200);
    expect(names(await board(""))).toEqual(["Leader Top=3"]);
    expect(names(await board("", f.admin))).toEqual(["Leader Top=3", "Leader Middle=1"]);
    await f.api.patch(`/api/v2/users/${f.users.middle.userID}`, { private: false }, { as: f.admin });

    const banned = await f.api.put(`/api/v2/users/${f.users.top.userID}/ban`, { banned: true }, { as: f.admin });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(names(await board(""))).toEqual(["Leader Middle=1"]);
    await f.api.put(`/api/v2/users/${f.users.top.userID}/ban`, { banned: false }, { as: f.admin });
    expect(names(await board(""))).toEqual(["Leader Top=3", "Leader Middle=1"]);

    // An administrator's points: left off while the setting says so.
    const post = await postDiscussion(f.api, f.admin, { name: "Leaders: the admin's", categoryID: f.category.general });
    for (const as of [f.as.fan, f.as.fan2]) await react(as, post.discussionID);
    expect((await board("")).map((row) => row.userID)).not.toContain(f.adminID);
    await f.api.patch("/api/v2/config", { "reputation.leaderboardExcludesAdmins": false }, { as: f.admin });
    expect((await board("")).map((row) => row.userID)).toContain(f.adminID);
    await f.api.patch("/api/v2/config", { "reputation.leaderboardExcludesAdmins": true }, { as: f.admin });
  });

  it("answers 404 for a category the viewer may not read, and 400 for an unknown slot", async () => {
    await makeMembersOnly(f, other);
    const guest = await f.api.get(`/api/v2/users/leaders?categoryID=${other}`);
    expect(guest.statusCode).toBe(404);
    expect(names(await board(`categoryID=${other}`, f.as.fan))).toEqual(["Leader Top=1"]);
    expect((await f.api.get("/api/v2/users/leaders?slotType=q")).statusCode).toBe(400);
    expect((await f.api.get("/api/v2/users/leaders?limit=101")).statusCode).toBe(400);
  });
});
