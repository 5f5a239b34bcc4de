import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Discussion } from "@parley/contracts";
import { createUser, seededAdmin, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, postComment, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { recalculatePoints } from "./index.ts";
import { timeSlot } from "./points.ledger.ts";

type Cast = "author" | "reactor" | "second" | "asker";

/** The points ledger: what reactions and accepted answers give, and take back, kept equal to a recount. */
describe.each(engines)("points on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Points Author", role: "member", bypassSpam: true },
      reactor: { name: "Points Reactor", role: "member", bypassSpam: true },
      second: { name: "Points Second", role: "member", bypassSpam: true },
      asker: { name: "Points Asker", role: "member", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const db = () => f.t.database.db;
  const pointsOf = async (userID: number) =>
    (await db().selectFrom("users").select("points").where("userID", "=", userID).executeTakeFirstOrThrow()).points;
  /** The member's ledger rows, as `slot|start|category` → points. */
  const ledgerOf = async (userID: number) =>
    Object.fromEntries(
      (await db().selectFrom("userPoints").selectAll().where("userID", "=", userID).execute()).map((row) => [
        `${row.slotType}|${row.timeSlot}|${row.categoryID}`,
        row.points,
      ]),
    );
  /** Every row of the ledger and every member's points, in one order. */
  const snapshot = async () => ({
    ledger: (await db().selectFrom("userPoints").selectAll().where("points", "!=", 0).execute())
      .map((row) => `${row.slotType}|${row.timeSlot}|${row.categoryID}|${row.userID}=${row.points}`)
      .sort(),
    users: (await db().selectFrom("users").select(["userID", "points"]).where("points", "!=", 0).execute())
      .map((row) => `${row.userID}=${row.points}`)
      .sort(),
  });
  const expectRecountEqual = async () => {
    const incremental = await snapshot();
    await recalculatePoints(db());
    expect(await snapshot()).toEqual(incremental);
  };
  /** Moves the clock on by days; the sessions, idle meanwhile, are signed in again. */
  const advanceDays = async (days: number) => {
    f.t.clock.advance(days * 86_400_000);
    for (const key of Object.keys(f.users) as Cast[]) f.as[key] = await f.api.signIn(f.users[key]);
    f.admin = await f.api.signIn(seededAdmin);
  };
  const react = async (as: Session, type: "discussions" | "comments", id: number, reactionType: string) => {
    const response = await f.api.post(`/api/v2/${type}/${id}/reactions`, { reactionType }, { as });
    expect(response.statusCode, response.body).toBe(201);
  };
  const unreact = async (as: Session, type: "discussions" | "comments", id: number) => {
    const response = await f.api.delete(`/api/v2/${type}/${id}/reactions/${as.userID}`, { as });
    expect(response.statusCode, response.body).toBe(204);
  };
  const post = (as: Session, name: string, categoryID = f.category.general, type?: Discussion["type"]) =>
    postDiscussion(f.api, as, { name, categoryID, ...(type ? { type } : {}) });
  const judge = async (commentID: number, status: string) => {
    const response = await f.api.patch(`/api/v2/comments/${commentID}/answer`, { status }, { as: f.as.asker });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("a reaction gives its type's points to the author in every slot and in the post's category; a change and a removal take them back", async () => {
    const author = f.users.author.userID;
    const start = await pointsOf(author);
    const discussion = await post(f.as.author, "Points: react to me");
    await react(f.as.reactor, "discussions", discussion.discussionID, "like");
    expect(await pointsOf(author)).toBe(start + 1);
    const now = new Date(f.t.clock.nowIso());
    const ledger = await ledgerOf(author);
    for (const slot of ["d", "w", "m", "y", "a"] as const)
      for (const category of [0, f.category.general])
        expect(ledger[`${slot}|${timeSlot(slot, now)}|${category}`], `${slot} ${category}`).toBeGreaterThan(0);

    // A dislike (−1) replaces the like: −1, not 0.
    await react(f.as.reactor, "discussions", discussion.discussionID, "dislike");
    expect(await pointsOf(author)).toBe(start - 1);
    await react(f.as.second, "discussions", discussion.discussionID, "like");
    expect(await pointsOf(author)).toBe(start);
    await unreact(f.as.reactor, "discussions", discussion.discussionID);
    expect(await pointsOf(author)).toBe(start + 1);
    // Reacting to one's own post gives nothing.
    await react(f.as.author, "discussions", discussion.discussionID, "like");
    expect(await pointsOf(author)).toBe(start + 1);
    await expectRecountEqual();
  });

  it("a reaction taken back days later comes off the day it was given; a week's slot starts on Monday", async () => {
    expect(timeSlot("w", new Date("2026-11-29T23:00:00Z"))).toBe("2026-11-23");
    expect(timeSlot("w", new Date("2026-11-30T01:00:00Z"))).toBe("2026-11-30");
    expect(timeSlot("m", new Date("2026-11-30T01:00:00Z"))).toBe("2026-11-01");
    expect(timeSlot("y", new Date("2026-11-30T01:00:00Z"))).toBe("2026-01-01");
    const discussion = await post(f.as.author, "Points: react today, take back later");
    const given = new Date(f.t.clock.nowIso());
    const before = await ledgerOf(f.users.author.userID);
    const day = `d|${timeSlot("d", given)}|0`;
    await react(f.as.reactor, "discussions", discussion.discussionID, "like");
    expect((await ledgerOf(f.users.author.userID))[day]).toBe((before[day] ?? 0) + 1);
    await advanceDays(3);
    await unreact(f.as.reactor, "discussions", discussion.discussionID);
    const after = await ledgerOf(f.users.author.userID);
    expect(after[day]).toBe(before[day] ?? 0);
    expect(after[`d|${timeSlot("d", new Date(f.t.clock.nowIso()))}|0`] ?? 0).toBe(0);
    await expectRecountEqual();
  });

  it("deleting a post, one or in bulk, takes back what its reactions gave", async () => {
    const author = f.users.author.userID;
    const start = await pointsOf(author);
    const discussion = await post(f.as.author, "Points: soon deleted");
    const comment = await postComment(f.api, f.as.author, discussion.discussionID, "A comment soon deleted");
    await react(f.as.reactor, "discussions", discussion.discussionID, "agree");
    await react(f.as.second, "discussions", discussion.discussionID, "awesome");
    await react(f.as.reactor, "comments", comment.commentID, "like");
    await react(f.as.second, "comments", comment.commentID, "awesome");
    expect(await pointsOf(author)).toBe(start + 4);
    const removed = await f.api.delete(`/api/v2/comments/${comment.commentID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await pointsOf(author)).toBe(start + 2);
    expect((await f.api.delete(`/api/v2/discussions/${discussion.discussionID}`, { as: f.admin })).statusCode).toBe(
      204,
    );
    expect(await pointsOf(author)).toBe(start);

    const many = [await post(f.as.author, "Points: bulk one"), await post(f.as.author, "Points: bulk two")];
    for (const item of many) await react(f.as.reactor, "discussions", item.discussionID, "like");
    expect(await pointsOf(author)).toBe(start + 2);
    const bulk = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=sync", {
      body: { discussionIDs: many.map((item) => item.discussionID) },
      as: f.admin,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await pointsOf(author)).toBe(start);
    await expectRecountEqual();
  });

  it("an accepted answer gives the configured points, kept on the answer: un-accepting or deleting it takes back what it gave", async () => {
    const author = f.users.author.userID;
    const start = await pointsOf(author);
    const question = await post(f.as.asker, "Points: a question", f.category.general, "question");
    const answer = await postComment(f.api, f.as.author, question.discussionID, "The answer");
    await judge(answer.commentID, "accepted");
    expect(await pointsOf(author)).toBe(start + 10);
    await judge(answer.commentID, "rejected");
    expect(await pointsOf(author)).toBe(start);
    await judge(answer.commentID, "accepted");
    expect(await pointsOf(author)).toBe(start + 10);
    await expectRecountEqual();

    // A new value counts for answers accepted from now on; this one still takes back its 10.
    const settings = await f.api.patch("/api/v2/config", { "reputation.acceptedAnswerPoints": 3 }, { as: f.admin });
    expect(settings.statusCode, settings.body).toBe(200);
    const other = await postComment(f.api, f.as.author, question.discussionID, "Another answer");
    await judge(other.commentID, "accepted");
    expect(await pointsOf(author)).toBe(start + 13);
    await judge(answer.commentID, "pending");
    expect(await pointsOf(author)).toBe(start + 3);
    expect((await f.api.delete(`/api/v2/comments/${other.commentID}`, { as: f.admin })).statusCode).toBe(204);
    expect(await pointsOf(author)).toBe(start);
    await f.api.patch("/api/v2/config", { "reputation.acceptedAnswerPoints": 10 }, { as: f.admin });
    await expectRecountEqual();
  });

  it("a moved discussion takes its points to its new category: one, in bulk, and comments split elsewhere", async () => {
    const author = f.users.author.userID;
    const start = await pointsOf(author);
    const inCategory = async (categoryID: number) => (await ledgerOf(author))[`a|1970-01-01|${categoryID}`] ?? 0;
    const { general, "off-topic": help } = f.category;
    const before = { general: await inCategory(general), help: await inCategory(help) };
    const discussion = await post(f.as.author, "Points: soon moved");
    const comment = await postComment(f.api, f.as.author, discussion.discussionID, "A comment that moves too");
    await react(f.as.reactor, "discussions", discussion.discussionID, "like");
    await react(f.as.reactor, "comments", comment.commentID, "like");
    const question = await post(f.as.asker, "Points: a question soon moved", general, "question");
    const answer = await postComment(f.api, f.as.author, question.discussionID, "An answer that moves");
    await judge(answer.commentID, "accepted");
    expect(await inCategory(general)).toBe(before.general + 12);

    const moved = await f.api.patch(
      `/api/v2/discussions/${discussion.discussionID}`,
      { categoryID: help },
      {
        as: f.admin,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await inCategory(general)).toBe(before.general + 10);
    expect(await inCategory(help)).toBe(before.help + 2);
    const bulk = await f.api.request("PATCH", "/api/v2/discussions/move?longRunnerMode=sync", {
      body: { discussionIDs: [question.discussionID], categoryID: help },
      as: f.admin,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await inCategory(general)).toBe(before.general);
    expect(await inCategory(help)).toBe(before.help + 12);
    // The comment split into a new discussion in General: its like goes back there.
    const split = await f.api.request("POST", "/api/v2/discussions/split?longRunnerMode=sync", {
      body: {
        commentIDs: [comment.commentID],
        newPost: { name: "Points: split out", categoryID: general, postType: "discussion", authorType: "me" },
      },
      as: f.admin,
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(await inCategory(general)).toBe(before.general + 1);
    expect(await inCategory(help)).toBe(before.help + 11);
    expect(await pointsOf(author)).toBe(start + 12);
    await expectRecountEqual();

    // A category deleted with its content moved: its discussions' points go to the target.
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Points: soon deleted", urlcode: "points-soon-deleted" },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const doomed = created.json<{ categoryID: number }>().categoryID;
    const there = await post(f.as.author, "Points: in a category soon deleted", doomed);
    await react(f.as.reactor, "discussions", there.discussionID, "like");
    expect(await inCategory(doomed)).toBe(1);
    const deleted = await f.api.request("DELETE", `/api/v2/categories/${doomed}?longRunnerMode=sync`, {
      body: { newCategoryID: general },
      as: f.admin,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await inCategory(doomed)).toBe(0);
    expect(await inCategory(general)).toBe(before.general + 2);
    await expectRecountEqual();

    // Merged into a discussion of another category: the source's comments and its own reactions go there.
    const source = await post(f.as.author, "Points: merged away", help);
    const reply = await postComment(f.api, f.as.author, source.discussionID, "A comment merged away");
    await react(f.as.reactor, "discussions", source.discussionID, "like");
    await react(f.as.reactor, "comments", reply.commentID, "like");
    const destination = await post(f.as.second, "Points: merged into", general);
    const offTopic = await inCategory(help);
    const merged = await f.api.request("PATCH", "/api/v2/discussions/merge?longRunnerMode=sync", {
      body: {
        discussionIDs: [source.discussionID, destination.discussionID],
        destinationDiscussionID: destination.discussionID,
      },
      as: f.admin,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await inCategory(help)).toBe(offTopic - 2);
    expect(await inCategory(general)).toBe(before.general + 4);
    await expectRecountEqual();
  });

  it("an accepted answer made a tombstone takes back its points and is accepted no more", async () => {
    const author = f.users.author.userID;
    const start = await pointsOf(author);
    const question = await post(f.as.asker, "Points: a question whose answer goes", f.category.general, "question");
    const answer = await postComment(f.api, f.as.author, question.discussionID, "An answer soon a tombstone");
    await judge(answer.commentID, "accepted");
    expect(await pointsOf(author)).toBe(start + 10);
    const status = async () =>
      (
        await db()
          .selectFrom("discussions")
          .select("questionStatus")
          .where("discussionID", "=", question.discussionID)
          .executeTakeFirstOrThrow()
      ).questionStatus;
    expect(await status()).toBe("accepted");
    const removed = await f.api.request("DELETE", "/api/v2/comments/list?longRunnerMode=sync", {
      body: { commentIDs: [answer.commentID], deleteMethod: "tombstone" },
      as: f.admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await pointsOf(author)).toBe(start);
    expect(await status()).not.toBe("accepted");
    await expectRecountEqual();
  });

  it("a reaction type's new points move every author's points; a member deleted with their posts loses what they earned", async () => {
    const leaver = await createUser(db(), { name: "Points Leaver", role: "member" });
    const session = await f.api.signIn(leaver);
    const discussion = await post(session, "Points: the leaver's post");
    const comment = await postComment(f.api, session, discussion.discussionID, "The leaver's comment");
    await react(f.as.reactor, "discussions", discussion.discussionID, "like");
    await react(f.as.second, "comments", comment.commentID, "like");
    expect(await pointsOf(leaver.userID)).toBe(2);
    const repointed = await f.api.patch("/api/v2/reactions/like", { points: 3 }, { as: f.admin });
    expect(repointed.statusCode, repointed.body).toBe(200);
    expect(await pointsOf(leaver.userID)).toBe(6);
    await expectRecountEqual();
    await f.api.patch("/api/v2/reactions/like", { points: 1 }, { as: f.admin });
    expect(await pointsOf(leaver.userID)).toBe(2);

    const removed = await f.api.request("DELETE", `/api/v2/users/${leaver.userID}`, {
      body: { deleteMethod: "delete" },
      as: f.admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await pointsOf(leaver.userID)).toBe(0);
    expect(Object.values(await ledgerOf(leaver.userID)).every((points) => points === 0)).toBe(true);
    await expectRecountEqual();
  });

  it("after a mix of reactions, changes, removals, answers and deletions the increments equal a full recount", async () => {
    const question = await post(f.as.asker, "Points: mixed question", f.category.general, "question");
    const posts = [
      await post(f.as.author, "Points: mixed one"),
      await post(f.as.second, "Points: mixed two", f.category.general),
    ];
    const comments = [
      await postComment(f.api, f.as.author, question.discussionID, "mixed answer one"),
      await postComment(f.api, f.as.second, question.discussionID, "mixed answer two"),
      await postComment(f.api, f.as.reactor, posts[0]!.discussionID, "mixed reply"),
    ];
    const types = ["like", "agree", "awesome", "dislike", "insightful", "disagree"];
    let turn = 0;
    for (const key of ["reactor", "second", "author", "asker"] as const) {
      const as = f.as[key];
      for (const item of posts) await react(as, "discussions", item.discussionID, types[turn++ % types.length]!);
      for (const item of comments) await react(as, "comments", item.commentID, types[turn++ % types.length]!);
      await advanceDays(2);
    }
    await judge(comments[0]!.commentID, "accepted");
    await judge(comments[1]!.commentID, "accepted");
    await judge(comments[1]!.commentID, "rejected");
    await unreact(f.as.second, "comments", comments[2]!.commentID);
    await react(f.as.asker, "discussions", posts[0]!.discussionID, "like");
    expect((await f.api.delete(`/api/v2/comments/${comments[2]!.commentID}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.delete(`/api/v2/discussions/${posts[1]!.discussionID}`, { as: f.admin })).statusCode).toBe(204);
    await expectRecountEqual();
  });
});
