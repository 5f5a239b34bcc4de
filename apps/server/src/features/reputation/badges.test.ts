import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  Badge,
  BadgeRecipient,
  UserBadge,
  type Badge as BadgeRecord,
  type BadgeRecipient as RecipientRecord,
  type UserBadge as UserBadgeRecord,
} from "@parley/contracts";
import { seededAdmin, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { ANNIVERSARIES_JOB } from "./index.ts";

type Cast = "author" | "fan" | "fan2" | "asker" | "hidden";

/** Badges: given by their rules on the events, once, told to the member; listed; private profiles' kept private. */
describe.each(engines)("badges on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let badges: BadgeRecord[];
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Badge Author", role: "member", bypassSpam: true },
      fan: { name: "Badge Fan", role: "member", bypassSpam: true },
      fan2: { name: "Badge Fan Two", role: "member", bypassSpam: true },
      asker: { name: "Badge Asker", role: "member", bypassSpam: true },
      hidden: { name: "Badge Hidden", role: "member", bypassSpam: true },
    });
    const on = await f.api.patch("/api/v2/addons/badges", { enabled: true }, { as: f.admin });
    expect(on.statusCode, on.body).toBe(200);
    const response = await f.api.get("/api/v2/badges");
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(Badge), response.json());
    badges = response.json<BadgeRecord[]>();
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const badge = (key: string) => badges.find((item) => item.key === key)!;
  const earned = async (userID: number, as: Session | null = f.admin) => {
    const response = await f.api.get(`/api/v2/users/${userID}/badges?limit=100`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(Type.Array(UserBadge), response.json());
    return response.json<UserBadgeRecord[]>().map((item) => item.name);
  };
  const rows = async (userID: number, key: string) =>
    (
      await f.t.database.db
        .selectFrom("userBadges")
        .innerJoin("badges", "badges.badgeID", "userBadges.badgeID")
        .select("userBadges.userID")
        .where("userBadges.userID", "=", userID)
        .where("badges.key", "=", key)
        .execute()
    ).length;
  const notices = async (as: Session) => {
    const response = await f.api.get("/api/v2/notifications?limit=100", { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Array<{ body: string; url: string }>>();
  };
  const react = async (as: Session, discussionID: number, reactionType = "like") => {
    const response = await f.api.post(`/api/v2/discussions/${discussionID}/reactions`, { reactionType }, { as });
    expect(response.statusCode, response.body).toBe(201);
  };

  it("lists the nine seeded badges, each with its icon and page", async () => {
    expect(badges.map((item) => item.key)).toEqual([
      "first-post",
      "posts-10",
      "posts-100",
      "posts-1000",
      "first-answer",
      "reactions-10",
      "reactions-100",
      "anniversary-1",
      "anniversary-5",
    ]);
    const first = badge("first-post");
    expect(first).toMatchObject({ name: "First Post", rule: "posts", threshold: 1 });
    expect(first.photoUrl).toBe("http://forum.test/images/badges/first-post.svg");
    expect(first.url).toBe(`http://forum.test/badges/${first.badgeID}`);
    const one = await f.api.get(`/api/v2/badges/${first.badgeID}`);
    expect(one.statusCode).toBe(200);
    expectSchema(Badge, one.json());
    expect((await f.api.get("/api/v2/badges/9999")).statusCode).toBe(404);
  });

  it("gives First Post on the first post, once, and tells the member", async () => {
    const before = badge("first-post").countRecipients;
    const discussion = await postDiscussion(f.api, f.as.author, {
      name: "Badges: first",
      categoryID: f.category.general,
    });
    expect(await earned(f.users.author.userID)).toEqual(["First Post"]);
    await postComment(f.api, f.as.author, discussion.discussionID, "And a second post");
    expect(await rows(f.users.author.userID, "first-post")).toBe(1);
    const after = (await f.api.get(`/api/v2/badges/${badge("first-post").badgeID}`)).json<BadgeRecord>();
    expect(after.countRecipients).toBe(before + 1);
    const told = (await notices(f.as.author)).filter((item) => item.body.includes("badge"));
    expect(told.map((item) => item.body)).toEqual(["You earned the <b>First Post</b> badge."]);
    expect(told[0]!.url).toContain(`/badges/${badge("first-post").badgeID}`);

    const recipients = await f.api.get(`/api/v2/badges/${badge("first-post").badgeID}/recipients`);
    expect(recipients.statusCode).toBe(200);
    expectSchema(Type.Array(BadgeRecipient), recipients.json());
    expect(recipients.json<RecipientRecord[]>().map((item) => item.name)).toContain("Badge Author");
  });

  it("gives 10 Posts at the tenth post and 10 Reactions at the tenth reaction received; taking one back keeps it", async () => {
    const posts = [];
    for (let index = 0; index < 8; index++)
      posts.push(
        await postDiscussion(f.api, f.as.author, { name: `Badges: post ${index}`, categoryID: f.category.general }),
      );
    expect(await earned(f.users.author.userID)).toEqual(["10 Posts", "First Post"]);
    for (const post of posts.slice(0, 5)) {
      await react(f.as.fan, post.discussionID);
      await react(f.as.fan2, post.discussionID, "dislike");
    }
    expect(await earned(f.users.author.userID)).toContain("10 Reactions");
    // Reacting to one's own posts counts for nothing.
    expect(await rows(f.users.fan.userID, "reactions-10")).toBe(0);
    const removed = await f.api.delete(
      `/api/v2/discussions/${posts[0]!.discussionID}/reactions/${f.users.fan.userID}`,
      {
        as: f.as.fan,
      },
    );
    expect(removed.statusCode).toBe(204);
    expect(await rows(f.users.author.userID, "reactions-10")).toBe(1);
  });

  it("gives First Answer when an answer is accepted, and keeps it when it is un-accepted", async () => {
    const question = await postDiscussion(f.api, f.as.asker, {
      name: "Badges: a question",
      categoryID: f.category.general,
      type: "question",
    });
    const answer = await postComment(f.api, f.as.fan, question.discussionID, "An answer");
    expect(await earned(f.users.fan.userID)).toEqual(["First Post"]);
    const judge = (status: string) =>
      f.api.patch(`/api/v2/comments/${answer.commentID}/answer`, { status }, { as: f.as.asker });
    expect((await judge("accepted")).statusCode).toBe(200);
    expect(await earned(f.users.fan.userID)).toEqual(["First Answer", "First Post"]);
    expect((await judge("rejected")).statusCode).toBe(200);
    expect((await judge("accepted")).statusCode).toBe(200);
    expect(await rows(f.users.fan.userID, "first-answer")).toBe(1);
  });

  it("keeps a private or banned member's badges for themself and those who see personal information", async () => {
    await postDiscussion(f.api, f.as.hidden, { name: "Badges: hidden's post", categoryID: f.category.general });
    const madePrivate = await f.api.patch(`/api/v2/users/${f.users.hidden.userID}`, { private: true }, { as: f.admin });
    expect(madePrivate.statusCode, madePrivate.body).toBe(200);
    expect((await f.api.get(`/api/v2/users/${f.users.hidden.userID}/badges`, { as: f.as.fan })).statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/users/${f.users.hidden.userID}/badges`)).statusCode).toBe(403);
    expect(await earned(f.users.hidden.userID, f.as.hidden)).toEqual(["First Post"]);
    expect(await earned(f.users.hidden.userID, f.admin)).toEqual(["First Post"]);
    const list = async (as: Session | null) =>
      (await f.api.get(`/api/v2/badges/${badge("first-post").badgeID}/recipients?limit=100`, { as }))
        .json<RecipientRecord[]>()
        .map((item) => item.userID);
    expect(await list(f.as.fan)).not.toContain(f.users.hidden.userID);
    expect(await list(f.admin)).toContain(f.users.hidden.userID);
    await f.api.patch(`/api/v2/users/${f.users.hidden.userID}`, { private: false }, { as: f.admin });

    const banned = await f.api.put(`/api/v2/users/${f.users.hidden.userID}/ban`, { banned: true }, { as: f.admin });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await f.api.get(`/api/v2/users/${f.users.hidden.userID}/badges`, { as: f.as.fan })).statusCode).toBe(403);
    expect(await list(f.as.fan)).not.toContain(f.users.hidden.userID);
    await f.api.put(`/api/v2/users/${f.users.hidden.userID}/ban`, { banned: false }, { as: f.admin });
    expect((await f.api.get("/api/v2/users/999999/badges")).statusCode).toBe(404);
  });

  it("gives the first anniversary by the daily job, a year on", async () => {
    expect(await rows(f.users.author.userID, "anniversary-1")).toBe(0);
    f.t.clock.advance(366 * 86_400_000);
    await f.t.app.platform.jobs.runNow(ANNIVERSARIES_JOB);
    expect(await rows(f.users.author.userID, "anniversary-1")).toBe(1);
    expect(await rows(f.users.author.userID, "anniversary-5")).toBe(0);
    await f.t.app.platform.jobs.runNow(ANNIVERSARIES_JOB);
    expect(await rows(f.users.author.userID, "anniversary-1")).toBe(1);
  });

  it("turned off, the add-on gives no badge and its routes answer 403", async () => {
    f.admin = await f.api.signIn(seededAdmin);
    const off = await f.api.patch("/api/v2/config", { "badges.enabled": false }, { as: f.admin });
    expect(off.statusCode, off.body).toBe(200);
    const newcomer = await f.api.signIn(f.users.asker);
    expect((await f.api.get("/api/v2/badges")).statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/users/${f.users.author.userID}/badges`)).statusCode).toBe(403);
    const before = await rows(f.users.asker.userID, "posts-10");
    for (let index = 0; index < 10; index++)
      await postDiscussion(f.api, newcomer, { name: `Badges off: ${index}`, categoryID: f.category.general });
    expect(await rows(f.users.asker.userID, "posts-10")).toBe(before);
    await f.api.patch("/api/v2/config", { "badges.enabled": true }, { as: f.admin });
  });
});
