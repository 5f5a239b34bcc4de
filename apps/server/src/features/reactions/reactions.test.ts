import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  ReactionCount,
  ReactionLogEntry,
  ReactionType,
  type Comment,
  type Discussion,
  type ReactionType as ReactionTypeRecord,
  type User,
} from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "reactor" | "other" | "moderator";
type LogEntry = { userID: number; reactionType: { urlcode: string }; user: { name: string } };

describe.each(engines)("reactions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussion: Discussion;
  let comment: Comment;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "React Author", role: "member", bypassSpam: true },
      reactor: { name: "React Reactor", role: "member" },
      other: { name: "React Other", role: "member" },
      moderator: { name: "React Moderator", role: "moderator" },
    });
    discussion = await postDiscussion(f.api, f.as.author, { name: "React to me", categoryID: f.category.general });
    comment = await postComment(f.api, f.as.author, discussion.discussionID, "And to me");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const base = (type: "discussions" | "comments" = "discussions", id?: number) =>
    `/api/v2/${type}/${id ?? (type === "discussions" ? discussion.discussionID : comment.commentID)}/reactions`;
  const react = (as: Session | null, reactionType: string, url = base()) => f.api.post(url, { reactionType }, { as });
  const score = async () =>
    (await f.api.get(`/api/v2/discussions/${discussion.discussionID}`)).json<Discussion>().score;
  const log = async (query = "") => {
    const response = await f.api.get(`${base()}${query}`, { as: f.as.other });
    expect(response.statusCode).toBe(200);
    expectSchema(Type.Array(ReactionLogEntry), response.json());
    return response.json<LogEntry[]>();
  };

  it("lists the 15 reaction types with their urlCode", async () => {
    const response = await f.api.get("/api/v2/reactions");
    expect(response.statusCode).toBe(200);
    const types = response.json<ReactionTypeRecord[]>();
    expect(types).toHaveLength(15);
    for (const type of types) expectSchema(ReactionType, type);
    expect(types.map((type) => type.urlCode)).toEqual(expect.arrayContaining(["like", "dislike", "promote", "spam"]));
    expect(types.find((type) => type.urlCode === "like")).toMatchObject({ name: "Like", class: "Positive", points: 1 });
    expect(types.find((type) => type.urlCode === "promote")).toMatchObject({ class: "Positive", points: 5 });
    expect(types.map((type) => type.sort)).toEqual([...types.map((type) => type.sort)].sort((a, b) => a - b));
    // Each type's icon is an image the web app serves, at the site's configured address (never the request's Host).
    for (const type of types) {
      expect(type.photoUrl).toBe(`http://forum.test/images/reactions/${type.urlCode}.svg`);
      const icon = await readFile(
        new URL(`../../../../web/public/images/reactions/${type.urlCode}.svg`, import.meta.url),
        "utf8",
      );
      expect(icon).toMatch(/<svg [^>]*viewBox="0 0 24 24"/);
    }
  });

  it("adds a like (score +1), replaces it with a dislike (one reaction per member), and removes it", async () => {
    const liked = await react(f.as.reactor, "like");
    expect(liked.statusCode).toBe(201);
    expectSchema(Type.Array(ReactionCount), liked.json());
    expect(liked.json()).toEqual([{ tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 1 }]);
    expect(await score()).toBe(1);
    expect((await react(f.as.reactor, "LIKE")).statusCode).toBe(201);
    expect(await score()).toBe(1);
    const disliked = await react(f.as.reactor, "dislike");
    expect(disliked.json()).toEqual([{ tagID: 6, urlcode: "dislike", name: "Dislike", class: "Negative", count: 1 }]);
    expect(await score()).toBe(-1);
    expect((await log()).map((entry) => [entry.userID, entry.reactionType.urlcode])).toEqual([
      [f.users.reactor.userID, "dislike"],
    ]);
    const removed = await f.api.delete(base(), { as: f.as.reactor });
    expect([removed.statusCode, removed.body]).toEqual([204, ""]);
    expect(await score()).toBe(0);
    expect(await log()).toEqual([]);
    expect((await f.api.delete(base(), { as: f.as.reactor })).statusCode).toBe(204);
    expect(await score()).toBe(0);
  });

  it("removes another member's reaction only with community.moderate", async () => {
    await react(f.as.reactor, "like");
    const byUser = `${base()}/${f.users.reactor.userID}`;
    const refused = await f.api.delete(byUser, { as: f.as.other });
    expect(refused.json()).toMatchObject({ status: 403, permissions: ["community.moderate"] });
    expect(await score()).toBe(1);
    expect((await f.api.delete(byUser, { as: f.as.reactor })).statusCode).toBe(204);
    expect(await score()).toBe(0);
    await react(f.as.reactor, "like");
    expect((await f.api.delete(byUser, { as: f.as.moderator })).statusCode).toBe(204);
    expect(await score()).toBe(0);
    expect(await log()).toEqual([]);
  });

  it("needs curation.manage to promote and reactions.flag.add to flag; guests may not react", async () => {
    const promote = await react(f.as.reactor, "promote");
    expect(promote.json()).toMatchObject({ status: 403, permissions: ["curation.manage"] });
    expect((await react(f.as.moderator, "promote")).statusCode).toBe(201);
    expect(await score()).toBe(5);
    expect((await f.api.delete(base(), { as: f.as.moderator })).statusCode).toBe(204);
    expect(await score()).toBe(0);
    expect((await react(f.as.reactor, "spam")).json()).toMatchObject({
      status: 403,
      permissions: ["reactions.flag.add"],
    });
    expect((await react(f.as.moderator, "spam")).statusCode).toBe(201);
    expect(await score()).toBe(0);
    await f.api.delete(base(), { as: f.as.moderator });
    expect((await react(null, "like")).statusCode).toBe(403);
    expect((await f.api.delete(base())).statusCode).toBe(403);
    expect(await score()).toBe(0);
  });

  it("refuses unknown reaction types and records", async () => {
    const unknown = await react(f.as.reactor, "meh");
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      expect.objectContaining({ errors: [expect.objectContaining({ field: "reactionType", code: "invalid" })] }),
    ]);
    expect((await react(f.as.reactor, "like", base("discussions", 999999))).statusCode).toBe(404);
    expect((await react(f.as.reactor, "like", base("comments", 999999))).statusCode).toBe(404);
  });

  it("shows the log (who reacted how) with reactions.view, filtered by type", async () => {
    await react(f.as.reactor, "like");
    await react(f.as.other, "agree");
    const entries = await log();
    expect(entries.map((entry) => [entry.user.name, entry.reactionType.urlcode]).sort()).toEqual([
      ["React Other", "agree"],
      ["React Reactor", "like"],
    ]);
    expect((await log("?type=like")).map((entry) => entry.userID)).toEqual([f.users.reactor.userID]);
    expect((await f.api.get(`${base()}?type=nope`, { as: f.as.other })).statusCode).toBe(404);
    const guest = await f.api.get(base());
    expect(guest.json()).toMatchObject({ status: 403, permissions: ["reactions.view"] });
  });

  it("expands reactions with counts, and hasReacted for the viewer", async () => {
    // The reactor likes it and the other agrees (previous test); the author likes it too.
    await react(f.as.author, "like");
    const expanded = async (as: Session | null) =>
      (await f.api.get(`/api/v2/discussions/${discussion.discussionID}?expand=reactions`, { as })).json<Discussion>()
        .reactions!;
    const like = { tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 2 };
    const agree = { tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count: 1 };
    expect(await expanded(f.as.reactor)).toEqual([
      { ...agree, hasReacted: false, reactionValue: 1 },
      { ...like, hasReacted: true, reactionValue: 1 },
    ]);
    expect((await expanded(f.as.other)).map((item) => item.hasReacted)).toEqual([true, false]);
    expect((await expanded(f.as.moderator)).map((item) => item.hasReacted)).toEqual([false, false]);
    expect(await expanded(null)).toEqual([agree, like]);
    const [listed] = (
      await f.api.get(`/api/v2/discussions?discussionID=${discussion.discussionID}&expand=reactions`, {
        as: f.as.reactor,
      })
    ).json<Discussion[]>();
    expect(listed!.reactions).toEqual(await expanded(f.as.reactor));
    expect(await score()).toBe(3);
  });

  it("reacts to comments: score, expand, removal", async () => {
    const commentScore = async () => (await f.api.get(`/api/v2/comments/${comment.commentID}`)).json<Comment>().score;
    expect((await react(f.as.reactor, "insightful", base("comments"))).statusCode).toBe(201);
    expect((await react(f.as.other, "down", base("comments"))).statusCode).toBe(201);
    expect((await react(f.as.moderator, "up", base("comments"))).statusCode).toBe(201);
    expect(await commentScore()).toBe(1);
    const [listed] = (
      await f.api.get(`/api/v2/comments?discussionID=${discussion.discussionID}&expand=reactions`, { as: f.as.other })
    ).json<Comment[]>();
    expect(listed!.reactions!.map((item) => [item.urlcode, item.count, item.hasReacted])).toEqual([
      ["insightful", 1, false],
      ["up", 1, false],
      ["down", 1, true],
    ]);
    expect((await f.api.delete(base("comments"), { as: f.as.other })).statusCode).toBe(204);
    expect(await commentScore()).toBe(2);
    const commentLog = await f.api.get(base("comments"), { as: f.as.reactor });
    expect(
      commentLog
        .json<LogEntry[]>()
        .map((entry) => entry.reactionType.urlcode)
        .sort(),
    ).toEqual(["insightful", "up"]);
  });

  it("sums the reactions a member received on GET /users/{id}?expand=reactionsReceived", async () => {
    const user = (
      await f.api.get(`/api/v2/users/${f.users.author.userID}?expand=reactionsReceived`, { as: f.as.other })
    ).json<User>();
    const received = user.reactionsReceived!;
    expect(Object.keys(received)).toHaveLength(15);
    expect(received["like"]).toEqual({ tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 2 });
    expect(received["agree"]!.count).toBe(1);
    expect(received["insightful"]!.count).toBe(1);
    expect(received["up"]!.count).toBe(1);
    expect(received["down"]!.count).toBe(0);
    const reactor = (
      await f.api.get(`/api/v2/users/${f.users.reactor.userID}?expand=reactionsReceived`, { as: f.as.other })
    ).json<User>();
    expect(Object.values(reactor.reactionsReceived!).every((item) => item.count === 0)).toBe(true);
  });
});
