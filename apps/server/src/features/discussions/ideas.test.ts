import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Category,
  Discussion,
  IdeaVoteResult,
  ideaStatuses,
  type Category as CategoryRecord,
  type IdeaAttributes,
  type Notification,
} from "@parley/contracts";
import { createUser, roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  getDiscussions,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "ann" | "ben" | "moderator";

/** Ideas (the ideation add-on): votes and the score, who votes and sets statuses, notifications, the switch. */
describe.each(engines)("ideas on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let upDown: number;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Idea Author", role: "member", bypassSpam: true },
      ann: { name: "Idea Ann", role: "member", bypassSpam: true },
      ben: { name: "Idea Ben", role: "member", bypassSpam: true },
      moderator: { name: "Idea Moderator", role: "moderator", bypassSpam: true },
    });
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Feature Ideas", urlcode: "feature-ideas", allowedDiscussionTypes: ["idea"], ideationType: "up-down" },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    expectSchema(Category, created.json());
    expect(created.json<CategoryRecord>().ideationType).toBe("up-down");
    upDown = created.json<CategoryRecord>().categoryID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const postIdea = async (categoryID = upDown, name = "Dark mode") => {
    const response = await f.api.post(
      "/api/v2/discussions/idea",
      { name, body: "Please.", format: "markdown", categoryID },
      { as: f.as.author },
    );
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Discussion, response.json());
    return response.json<Discussion>();
  };
  const vote = (id: number, body: unknown, as: Session | null) =>
    f.api.put(`/api/v2/discussions/${id}/vote`, body, { as });
  const voted = async (id: number, value: string, as: Session) => {
    const response = await vote(id, { vote: value }, as);
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(IdeaVoteResult, response.json());
    return response.json<IdeaVoteResult>().score;
  };
  const idea = async (id: number, as: Session | null) => {
    const response = await f.api.get(`/api/v2/discussions/${id}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<Discussion>();
    return { score: record.score, idea: record.attributes["idea"] as IdeaAttributes | undefined };
  };
  const scoreInDatabase = async (id: number) =>
    Number(
      (
        await f.t.database.db
          .selectFrom("discussions")
          .select("score")
          .where("discussionID", "=", id)
          .executeTakeFirstOrThrow()
      ).score,
    );
  const setAddon = async (enabled: boolean) => {
    const response = await f.api.patch("/api/v2/addons/ideation", { enabled }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("an idea starts Active with the category's voting type; ideas go only where the category takes them", async () => {
    const posted = await postIdea();
    expect(posted.type).toBe("idea");
    expect(posted.attributes["idea"]).toEqual({
      statusID: 1,
      status: { name: "Active", state: "open" },
      statusNotes: null,
      type: "up-down",
      vote: "none",
    });
    // A category that takes only ideas refuses a discussion; a category that takes none refuses an idea.
    const plain = await f.api.post(
      "/api/v2/discussions",
      { name: "Talk", body: "x", format: "markdown", categoryID: upDown },
      { as: f.as.author },
    );
    expect(plain.statusCode).toBe(400);
    await f.api.patch(
      `/api/v2/categories/${f.category["off-topic"]}`,
      { allowedDiscussionTypes: ["discussion"] },
      { as: f.admin },
    );
    const refused = await f.api.post(
      "/api/v2/discussions/idea",
      { name: "Nope", body: "x", format: "markdown", categoryID: f.category["off-topic"] },
      { as: f.as.author },
    );
    expect(refused.statusCode).toBe(400);
    // A guest sees the idea's status, and no vote of their own.
    expect((await idea(posted.discussionID, null)).idea).toMatchObject({ statusID: 1, type: "up-down" });
    expect((await idea(posted.discussionID, null)).idea?.vote).toBeUndefined();
  });

  it("one vote per member: a second vote replaces the first, none takes it back, the score follows", async () => {
    const { discussionID } = await postIdea(upDown, "Keyboard shortcuts");
    expect(await voted(discussionID, "up", f.as.ann)).toBe(1);
    expect(await voted(discussionID, "up", f.as.ann)).toBe(1);
    expect(await voted(discussionID, "up", f.as.ben)).toBe(2);
    expect(await voted(discussionID, "down", f.as.ann)).toBe(0);
    expect((await idea(discussionID, f.as.ann)).idea?.vote).toBe("down");
    expect((await idea(discussionID, f.as.ben)).idea?.vote).toBe("up");
    expect(await voted(discussionID, "none", f.as.ben)).toBe(-1);
    expect(await voted(discussionID, "none", f.as.ben)).toBe(-1);
    expect(await voted(discussionID, "none", f.as.ann)).toBe(0);
    expect(await voted(discussionID, "up", f.as.ann)).toBe(1);
    expect((await idea(discussionID, f.as.ann)).score).toBe(1);
    const votes = await f.t.database.db
      .selectFrom("ideaVotes")
      .select(["userID", "vote"])
      .where("discussionID", "=", discussionID)
      .execute();
    expect(votes).toEqual([{ userID: f.users.ann.userID, vote: 1 }]);
  });

  it("deleting an idea takes its votes with it", async () => {
    const { discussionID } = await postIdea(upDown, "Short-lived");
    await voted(discussionID, "up", f.as.ann);
    const deleted = await f.api.delete(`/api/v2/discussions/${discussionID}`, { as: f.as.moderator });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await f.t.database.db
      .selectFrom("ideaVotes")
      .select("userID")
      .where("discussionID", "=", discussionID)
      .execute();
    expect(left).toEqual([]);
  });

  it("a deleted member's votes no longer count, however the account goes", async () => {
    const first = await postIdea(upDown, "Outlived voters 1");
    const second = await postIdea(upDown, "Outlived voters 2");
    await voted(first.discussionID, "up", f.as.ann);
    for (const deleteMethod of ["keep", "wipe", "delete"] as const) {
      const leaver = await createUser(f.t.database.db, { name: `Idea Leaver ${deleteMethod}`, role: "member" });
      const session = await f.api.signIn(leaver);
      expect(await voted(first.discussionID, "up", session)).toBe(2);
      await voted(second.discussionID, "down", session);
      const gone = await f.api.delete(`/api/v2/users/${leaver.userID}?deleteMethod=${deleteMethod}`, { as: f.admin });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await scoreInDatabase(first.discussionID), deleteMethod).toBe(1);
      expect(await scoreInDatabase(second.discussionID), deleteMethod).toBe(0);
      const left = await f.t.database.db
        .selectFrom("ideaVotes")
        .select("vote")
        .where("userID", "=", leaver.userID)
        .execute();
      expect(left).toEqual([]);
    }
    expect((await idea(first.discussionID, f.as.ann)).idea?.vote).toBe("up");
  });

  it("concurrent votes leave the score equal to the sum of the votes", async () => {
    const { discussionID } = await postIdea(upDown, "Concurrent");
    const voters = [f.as.ann, f.as.ben, f.as.moderator, f.as.author];
    await Promise.all(
      voters.flatMap((as) => [vote(discussionID, { vote: "up" }, as), vote(discussionID, { vote: "down" }, as)]),
    );
    const rows = await f.t.database.db
      .selectFrom("ideaVotes")
      .select("vote")
      .where("discussionID", "=", discussionID)
      .execute();
    expect(rows.length).toBe(4);
    expect(await scoreInDatabase(discussionID)).toBe(rows.reduce((sum, row) => sum + row.vote, 0));
  });

  it("up only where the category says up; guests, members without the permission and bad input are refused", async () => {
    const upOnly = await postIdea(f.category.general, "Up only");
    expect(upOnly.attributes["idea"]).toMatchObject({ type: "up" });
    const down = await vote(upOnly.discussionID, { vote: "down" }, f.as.ann);
    expect(down.statusCode).toBe(400);
    expect(await voted(upOnly.discussionID, "up", f.as.ann)).toBe(1);
    expect([401, 403]).toContain((await vote(upOnly.discussionID, { vote: "up" }, null)).statusCode);
    expect((await vote(upOnly.discussionID, { vote: "sideways" }, f.as.ann)).statusCode).toBe(400);
    expect((await vote(upOnly.discussionID, {}, f.as.ann)).statusCode).toBe(400);
    const plain = await postDiscussion(f.api, f.as.author, { name: "Not an idea", categoryID: f.category.general });
    expect((await vote(plain.discussionID, { vote: "up" }, f.as.ann)).statusCode).toBe(400);
    expect((await vote(999_999, { vote: "up" }, f.as.ann)).statusCode).toBe(404);

    const member = await roleIDOfType(f.t.database.db, "member");
    const revoke = (granted: boolean) =>
      f.api.patch(
        `/api/v2/roles/${member}/permissions`,
        [{ type: "global", id: null, permissions: { "reactions.positive.add": granted } }],
        { as: f.admin },
      );
    expect((await revoke(false)).statusCode).toBe(200);
    try {
      expect((await vote(upOnly.discussionID, { vote: "up" }, f.as.ben)).statusCode).toBe(403);
      // Taking one's vote back needs no permission.
      expect(await voted(upOnly.discussionID, "none", f.as.ann)).toBe(0);
    } finally {
      expect((await revoke(true)).statusCode).toBe(200);
    }
    expect(await scoreInDatabase(upOnly.discussionID)).toBe(0);
  });

  it("GET /discussions/statuses lists the statuses; moderators set one with notes and the voters are told", async () => {
    const all = await f.api.get("/api/v2/discussions/statuses", { as: null });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<Array<{ name: string }>>().map((status) => status.name)).toEqual(
      ideaStatuses.map((status) => status.name),
    );
    const closed = await f.api.get("/api/v2/discussions/statuses?state=closed", { as: null });
    expect(closed.json<Array<{ name: string }>>().map((status) => status.name)).toEqual(["Completed", "Declined"]);

    const { discussionID, name } = await postIdea(upDown, "Export to CSV");
    await voted(discussionID, "up", f.as.ann);
    await voted(discussionID, "down", f.as.ben);
    const patch = (body: unknown, as: Session | null) =>
      f.api.patch(`/api/v2/discussions/${discussionID}/idea`, body, { as });
    for (const as of [f.as.author, f.as.ann, null])
      expect([401, 403]).toContain((await patch({ statusID: 3, statusNotes: null }, as)).statusCode);
    expect((await patch({ statusID: 42, statusNotes: null }, f.as.moderator)).statusCode).toBe(400);
    expect((await patch({ statusID: 3 }, f.as.moderator)).statusCode).toBe(400);

    const planned = await patch({ statusID: 3, statusNotes: "Next quarter.", score: 99 }, f.as.moderator);
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toEqual({ statusID: 3, statusNotes: "Next quarter." });
    expect((await idea(discussionID, null)).idea).toMatchObject({
      statusID: 3,
      status: { name: "Planned", state: "open" },
      statusNotes: "Next quarter.",
    });
    expect((await idea(discussionID, null)).score).toBe(0);

    const told = async (as: Session) =>
      (await f.api.get("/api/v2/notifications", { as }))
        .json<Notification[]>()
        .filter((notification) => notification.activityType === "IdeaStatus");
    for (const as of [f.as.ann, f.as.ben]) {
      const notifications = await told(as);
      expect(notifications.length).toBe(1);
      expect(notifications[0]!.body).toBe(
        `<b>Idea Moderator</b> changed the status of <b>${name} (Planned)</b>, which you voted on.`,
      );
      expect(notifications[0]!.url).toContain(`/discussion/${discussionID}`);
    }
    expect(await told(f.as.author)).toEqual([]);
    // The same status again with other notes tells no one again.
    expect((await patch({ statusID: 3, statusNotes: "Soon." }, f.as.moderator)).statusCode).toBe(200);
    expect((await told(f.as.ann)).length).toBe(1);
  });

  it("the list sorts ideas by score and filters them by status", async () => {
    const low = await postIdea(upDown, "Low idea");
    const high = await postIdea(upDown, "High idea");
    await voted(high.discussionID, "up", f.as.ann);
    await voted(high.discussionID, "up", f.as.ben);
    await voted(low.discussionID, "down", f.as.ann);
    const sorted = await getDiscussions(f.api, `categoryID=${upDown}&sort=-score`, f.as.ann);
    const ids = sorted.map((discussion) => discussion.discussionID);
    expect(ids.indexOf(high.discussionID)).toBeLessThan(ids.indexOf(low.discussionID));

    await f.api.patch(
      `/api/v2/discussions/${high.discussionID}/idea`,
      { statusID: 5, statusNotes: null },
      { as: f.as.moderator },
    );
    const completed = await getDiscussions(f.api, `statusID=5`, f.as.ann);
    expect(completed.map((discussion) => discussion.discussionID)).toEqual([high.discussionID]);
    const active = await getDiscussions(f.api, `categoryID=${upDown}&statusID=1`, f.as.ann);
    expect(active.map((discussion) => discussion.discussionID)).toContain(low.discussionID);
    expect(active.map((discussion) => discussion.discussionID)).not.toContain(high.discussionID);
  });

  it("switched off, ideas are neither posted, voted on, given statuses nor filtered, and show no idea attributes", async () => {
    const { discussionID } = await postIdea(upDown, "Before the switch");
    await setAddon(false);
    try {
      const post = await f.api.post(
        "/api/v2/discussions/idea",
        { name: "Off", body: "x", format: "markdown", categoryID: upDown },
        { as: f.as.author },
      );
      expect(post.statusCode).toBe(403);
      expect((await vote(discussionID, { vote: "up" }, f.as.ann)).statusCode).toBe(403);
      const patched = await f.api.patch(
        `/api/v2/discussions/${discussionID}/idea`,
        { statusID: 2, statusNotes: null },
        { as: f.as.moderator },
      );
      expect(patched.statusCode).toBe(403);
      expect((await f.api.get("/api/v2/discussions?statusID=1", { as: f.as.ann })).statusCode).toBe(403);
      expect((await f.api.get("/api/v2/discussions/statuses", { as: f.as.ann })).statusCode).toBe(403);
      expect((await idea(discussionID, f.as.ann)).idea).toBeUndefined();
      const plain = await postDiscussion(f.api, f.as.author, { name: "Made an idea?", categoryID: f.category.general });
      const url = `/api/v2/discussions/${plain.discussionID}`;
      expect((await f.api.put(`${url}/type`, { type: "idea" }, { as: f.as.moderator })).statusCode).toBe(403);
      expect((await f.api.patch(url, { type: "idea" }, { as: f.as.moderator })).statusCode).toBe(403);
    } finally {
      await setAddon(true);
    }
    expect((await idea(discussionID, f.as.ann)).idea?.statusID).toBe(1);
  });
});
