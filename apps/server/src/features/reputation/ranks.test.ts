import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Rank, User, type Rank as RankRecord, type User as UserRecord } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { RANKS_JOB } from "./index.ts";

type Cast = "author" | "fan" | "fan2" | "other";

const DAY = 86_400_000;

/** Ranks: set by site managers, computed from points, posts and days as they move, kept when set by hand. */
describe.each(engines)("ranks on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussionID: number;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Rank Author", role: "member", bypassSpam: true },
      fan: { name: "Rank Fan", role: "member", bypassSpam: true },
      fan2: { name: "Rank Fan Two", role: "member", bypassSpam: true },
      other: { name: "Rank Other", role: "member", bypassSpam: true },
    });
    discussionID = (await postDiscussion(f.api, f.as.author, { name: "Rank me", categoryID: f.category.general }))
      .discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const addon = async (enabled: boolean) => {
    const response = await f.api.patch("/api/v2/addons/ranks", { enabled }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
  };
  const ranks = async () => {
    const response = await f.api.get("/api/v2/ranks", { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(Rank), response.json());
    return response.json<RankRecord[]>();
  };
  const rankNamed = async (name: string) => (await ranks()).find((rank) => rank.name === name)!;
  const userRecord = async (userID: number, as: Session | null = null) => {
    const response = await f.api.get(`/api/v2/users/${userID}?expand=rank`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(User, response.json());
    return response.json<UserRecord>();
  };
  /** The label beside the author's name on the discussion (its `insertUser` fragment). */
  const labelOnPost = async () => {
    const response = await f.api.get(`/api/v2/discussions/${discussionID}?expand=insertUser`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ insertUser: { rank?: { userTitle: string } } }>().insertUser.rank?.userTitle;
  };
  const create = async (body: Record<string, unknown>, as: Session = f.admin) =>
    f.api.post("/api/v2/ranks", body, { as });
  const react = async (as: Session, reactionType: string) => {
    const response = await f.api.post(`/api/v2/discussions/${discussionID}/reactions`, { reactionType }, { as });
    expect(response.statusCode, response.body).toBe(201);
  };
  const unreact = async (as: Session) => {
    const response = await f.api.delete(`/api/v2/discussions/${discussionID}/reactions/${as.userID}`, { as });
    expect(response.statusCode, response.body).toBe(204);
  };

  const rankedNames = async (...rankIDs: number[]) => {
    const query = rankIDs.map((id) => `rankIDs=${id}`).join("&");
    const response = await f.api.get(`/api/v2/users?${query}&limit=500`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Array<{ name: string }>>().map((user) => user.name);
  };

  it("while the add-on is off, the routes answer 403 and no rank shows on the user record or beside names", async () => {
    expect((await f.api.get("/api/v2/ranks", { as: f.admin })).statusCode).toBe(403);
    const put = await f.api.put(`/api/v2/users/${f.users.author.userID}/rank`, { rankID: null }, { as: f.admin });
    expect(put.statusCode).toBe(403);
    const user = await userRecord(f.users.author.userID);
    expect(user).not.toHaveProperty("rankID");
    expect(user).not.toHaveProperty("rank");
    expect(await labelOnPost()).toBeUndefined();
    expect(await rankedNames(1)).toEqual([]);
  });

  it("turned on: the three seeded ranks, and every member in the one that asks nothing", async () => {
    await addon(true);
    const seeded = await ranks();
    expect(seeded.map((rank) => [rank.name, rank.level])).toEqual([
      ["Newcomer", 1],
      ["Member", 2],
      ["Regular", 3],
    ]);
    const newcomer = seeded[0]!;
    const user = await userRecord(f.users.other.userID);
    expect(user.rankID).toBe(newcomer.rankID);
    expect(user.rank).toEqual({ rankID: newcomer.rankID, name: "Newcomer", userTitle: "Newcomer" });
    expect(await labelOnPost()).toBe("Newcomer");
    // GET /users?rankIDs= (Vanilla's filter): the members of those ranks; a rank no one holds, no one.
    expect(await rankedNames(newcomer.rankID)).toContain(f.users.other.name);
    expect(await rankedNames(seeded[2]!.rankID)).toEqual([]);
    const bad = await f.api.get("/api/v2/users?rankIDs=x", { as: f.admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors?: Array<{ path?: string }> }>().errors?.[0]?.path).toBe("rankIDs");
  });

  it("only site managers add, change and delete ranks; only user editors set a member's rank", async () => {
    const body = { name: "Nope", userTitle: "Nope", level: 50 };
    expect((await create(body, f.as.other)).statusCode).toBe(403);
    const newcomer = await rankNamed("Newcomer");
    expect((await f.api.patch(`/api/v2/ranks/${newcomer.rankID}`, { name: "X" }, { as: f.as.other })).statusCode).toBe(
      403,
    );
    expect((await f.api.delete(`/api/v2/ranks/${newcomer.rankID}`, { as: f.as.other })).statusCode).toBe(403);
    const put = await f.api.put(
      `/api/v2/users/${f.users.other.userID}/rank`,
      { rankID: newcomer.rankID },
      { as: f.as.other },
    );
    expect(put.statusCode).toBe(403);
    // Bad input: a clear 400, nothing written.
    expect((await create({ name: "", userTitle: "X", level: 5 })).statusCode).toBe(400);
    expect((await create({ name: "X", userTitle: "X", level: 5, minPoints: -1 })).statusCode).toBe(400);
    const missing = await f.api.put(`/api/v2/users/${f.users.other.userID}/rank`, { rankID: 99_999 }, { as: f.admin });
    expect(missing.statusCode).toBe(400);
    expect((await ranks()).map((rank) => rank.name)).toEqual(["Newcomer", "Member", "Regular"]);
  });

  it("points: a reaction that lifts the author over a rank's minimum moves them into it, and taking it back out", async () => {
    const created = await create({ name: "Liked", userTitle: "Well liked", level: 10, minPoints: 2 });
    expect(created.statusCode, created.body).toBe(201);
    expectSchema(Rank, created.json());
    const liked = created.json<RankRecord>();
    await react(f.as.fan, "like");
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Newcomer");
    await react(f.as.fan2, "like");
    expect((await userRecord(f.users.author.userID)).rankID).toBe(liked.rankID);
    expect(await labelOnPost()).toBe("Well liked");
    expect((await rankNamed("Liked")).countUsers).toBe(1);
    await unreact(f.as.fan2);
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Newcomer");
    await react(f.as.fan2, "like");
    expect(await labelOnPost()).toBe("Well liked");
  });

  it("posts: comments that bring the member to a rank's minimum move them into it; a deletion takes them out", async () => {
    const created = await create({ name: "Poster", userTitle: "Poster", level: 11, minPosts: 3 });
    expect(created.statusCode, created.body).toBe(201);
    await postComment(f.api, f.as.author, discussionID, "One");
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Liked");
    const second = await postComment(f.api, f.as.author, discussionID, "Two");
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Poster");
    const removed = await f.api.delete(`/api/v2/comments/${second.commentID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Liked");
  });

  it("days: the daily job moves a member into a rank their days since joining now reach", async () => {
    const created = await create({ name: "Veteran", userTitle: "Veteran", level: 12, minDays: 30 });
    expect(created.statusCode, created.body).toBe(201);
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Liked");
    const joined = new Date(f.t.clock.nowMs() - 31 * DAY).toISOString();
    await f.t.database.db
      .updateTable("users")
      .set({ dateInserted: joined })
      .where("userID", "=", f.users.author.userID)
      .execute();
    await f.t.app.platform.jobs.runNow(RANKS_JOB);
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Veteran");
  });

  it("a rank set by hand is kept by the recomputation until set back to null", async () => {
    const newcomer = await rankNamed("Newcomer");
    const author = f.users.author.userID;
    const put = await f.api.put(`/api/v2/users/${author}/rank`, { rankID: newcomer.rankID }, { as: f.admin });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ rankID: newcomer.rankID });
    await unreact(f.as.fan);
    await react(f.as.fan, "like");
    await postComment(f.api, f.as.author, discussionID, "Three");
    await f.t.app.platform.jobs.runNow(RANKS_JOB);
    expect((await userRecord(author)).rank?.name).toBe("Newcomer");
    const back = await f.api.put(`/api/v2/users/${author}/rank`, { rankID: null }, { as: f.admin });
    expect(back.statusCode, back.body).toBe(200);
    expect((await userRecord(author)).rank?.name).toBe("Veteran");
  });

  it("a changed rank and a deleted one move their members at once", async () => {
    const veteran = await rankNamed("Veteran");
    const patched = await f.api.patch(`/api/v2/ranks/${veteran.rankID}`, { minDays: 60 }, { as: f.admin });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<RankRecord>().minDays).toBe(60);
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Poster");
    const poster = await rankNamed("Poster");
    expect((await f.api.delete(`/api/v2/ranks/${poster.rankID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await userRecord(f.users.author.userID)).rank?.name).toBe("Liked");
  });

  it("abilities: a rank that refuses links refuses its members' posts and edits with one; its edit window holds them", async () => {
    const newcomer = await rankNamed("Newcomer");
    expect(newcomer).toMatchObject({ postLinks: true, editContentTimeout: null });
    const patched = await f.api.patch(
      `/api/v2/ranks/${newcomer.rankID}`,
      { postLinks: false, editContentTimeout: 60 },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<RankRecord>()).toMatchObject({ postLinks: false, editContentTimeout: 60 });
    const bad = await f.api.patch(`/api/v2/ranks/${newcomer.rankID}`, { editContentTimeout: -2 }, { as: f.admin });
    expect([400, 422]).toContain(bad.statusCode);
    expect((await rankNamed("Newcomer")).editContentTimeout).toBe(60);
    expect((await userRecord(f.users.other.userID)).rank?.name).toBe("Newcomer");

    // Links: refused on a new discussion, a new comment and an edit of either, a bare address as well as markup.
    const linked = { name: "Linked", body: "See https://example.com/a", format: "markdown" };
    const refused = await f.api.post(
      "/api/v2/discussions",
      { ...linked, categoryID: f.category.general },
      { as: f.as.other },
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.body).toContain("may not post links");
    const own = await postDiscussion(f.api, f.as.other, { name: "No links", categoryID: f.category.general });
    const comment = await f.api.post(
      "/api/v2/comments",
      { discussionID: own.discussionID, body: "[here](https://example.com)", format: "markdown" },
      { as: f.as.other },
    );
    expect(comment.statusCode, comment.body).toBe(422);
    const plain = await postComment(f.api, f.as.other, own.discussionID, "No link here.");
    const edit = (path: string, body: string) => f.api.patch(path, { body, format: "markdown" }, { as: f.as.other });
    expect((await edit(`/api/v2/discussions/${own.discussionID}`, "now https://example.com")).statusCode).toBe(422);
    expect((await edit(`/api/v2/comments/${plain.commentID}`, "now https://example.com")).statusCode).toBe(422);
    expect((await edit(`/api/v2/comments/${plain.commentID}`, "Still no link.")).statusCode).toBe(200);
    // Moderators and site managers are not held to it; another rank's members neither.
    const byAdmin = await f.api.post(
      "/api/v2/comments",
      { discussionID, body: "https://example.com/ok", format: "markdown" },
      { as: f.admin },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((await userRecord(f.users.author.userID)).rank?.name).not.toBe("Newcomer");
    const byAuthor = await f.api.post(
      "/api/v2/comments",
      { discussionID, body: "https://example.com/ok", format: "markdown" },
      { as: f.as.author },
    );
    expect(byAuthor.statusCode, byAuthor.body).toBe(201);

    // The edit window: the rank's 60 seconds, though the site lets authors always edit; null gives the site's back.
    const me = async (as: Session) =>
      (await f.api.get("/api/v2/users/me", { as })).json<{ editContentTimeout?: number }>().editContentTimeout;
    expect(await me(f.as.other)).toBe(60);
    expect(await me(f.as.author)).toBe(-1);
    f.t.clock.advance(61_000);
    const late = await edit(`/api/v2/discussions/${own.discussionID}`, "Too late.");
    expect(late.statusCode, late.body).toBe(403);
    expect((await edit(`/api/v2/comments/${plain.commentID}`, "Too late.")).statusCode).toBe(403);
    const permissions = await f.api.get(`/api/v2/discussions/${own.discussionID}?expand=permissions`, {
      as: f.as.other,
    });
    expect(permissions.json<{ permissions: Record<string, boolean> }>().permissions["discussions.edit"]).toBe(false);
    const reset = await f.api.patch(
      `/api/v2/ranks/${newcomer.rankID}`,
      { postLinks: true, editContentTimeout: null },
      { as: f.admin },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await me(f.as.other)).toBe(-1);
    expect((await edit(`/api/v2/discussions/${own.discussionID}`, "In time: https://example.com")).statusCode).toBe(
      200,
    );
  });

  it("turned off again, ranks are hidden", async () => {
    await addon(false);
    expect((await f.api.get("/api/v2/ranks", { as: f.admin })).statusCode).toBe(403);
    expect(await userRecord(f.users.author.userID)).not.toHaveProperty("rankID");
    expect(await labelOnPost()).toBeUndefined();
  });
});
