import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Discussion } from "@parley/contracts";
import { createApi } from "../../test/accounts.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";
import {
  createContentFixture,
  getComments,
  getDiscussions,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { createTwoInstances, type TwoInstances } from "../../test/instances.ts";

type Cast = "member" | "other" | "moderator";

/**
 * The lists' shared rows (`platform/read-cache.ts`, issue 26), as the server runs them: a member's discussion list and
 * a discussion's comments come from rows kept for every viewer who may read the same categories, with each viewer's
 * own fields read fresh, and every content change drops them. To see whether an answer came from kept rows, a test
 * renames a row in the database behind the app's back (no event): kept rows still show the old name.
 */
describe.each(engines)("lists' shared rows on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let first: Discussion;
  let second: Discussion;

  beforeAll(async () => {
    f = await createContentFixture(
      engine,
      {
        member: { name: "Cache Member", role: "member", bypassSpam: true },
        other: { name: "Cache Other", role: "member", bypassSpam: true },
        moderator: { name: "Cache Moderator", role: "moderator", bypassSpam: true },
      },
      { readCacheTtlMs: 60_000 },
    );
    first = await postDiscussion(f.api, f.as.member, { name: "Kept first", categoryID: f.category.general });
    second = await postDiscussion(f.api, f.as.other, { name: "Kept second", categoryID: f.category.general });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  /** Renames a discussion in the database only: no event, so kept rows keep the old name. */
  const renameBehindTheApp = (discussionID: number, name: string) =>
    f.t.database.db.updateTable("discussions").set({ name }).where("discussionID", "=", discussionID).execute();
  const nameIn = (items: Discussion[], discussionID: number) =>
    items.find((item) => item.discussionID === discussionID)?.name;

  it("answers members with the same categories from one set of rows, each with their own bookmarks and unread", async () => {
    const query = `categoryID=${f.category.general}&limit=50`;
    expect(nameIn(await getDiscussions(f.api, query, f.as.member), first.discussionID)).toBe("Kept first");
    await renameBehindTheApp(first.discussionID, "Renamed in the database");
    // Kept: both members read the rows the first list read.
    expect(nameIn(await getDiscussions(f.api, query, f.as.member), first.discussionID)).toBe("Kept first");
    const bookmark = await f.api.put(
      `/api/v2/discussions/${second.discussionID}/bookmark`,
      { bookmarked: true },
      { as: f.as.other },
    );
    expect(bookmark.statusCode, bookmark.body).toBe(200);
    const seenByOther = await getDiscussions(f.api, query, f.as.other);
    const seenByMember = await getDiscussions(f.api, query, f.as.member);
    expect(nameIn(seenByOther, first.discussionID)).toBe("Kept first");
    // The viewer's own fields are theirs, read on each request.
    expect(seenByOther.find((item) => item.discussionID === second.discussionID)?.bookmarked).toBe(true);
    expect(seenByMember.find((item) => item.discussionID === second.discussionID)?.bookmarked).toBe(false);
    expect(seenByOther.find((item) => item.discussionID === second.discussionID)?.unread).toBe(false);
    expect(seenByMember.find((item) => item.discussionID === second.discussionID)?.unread).toBe(true);
    // A bookmark list is the member's own: never from shared rows.
    const bookmarked = await getDiscussions(f.api, "bookmarked=1", f.as.other);
    expect(bookmarked.map((item) => item.discussionID)).toContain(second.discussionID);

    // A write through the app drops the kept rows: the next list reads the database.
    await postComment(f.api, f.as.other, second.discussionID, "Anything new drops the kept lists.");
    expect(nameIn(await getDiscussions(f.api, query, f.as.member), first.discussionID)).toBe("Renamed in the database");
  });

  it("never gives a viewer rows of a category they may not read, though another viewer's list kept them", async () => {
    const hidden = await postDiscussion(f.api, f.admin, { name: "Staff only", categoryID: f.category.ideas });
    expect((await membersMayView(f, f.category.ideas, false)).statusCode).toBe(200);
    try {
      const adminList = await getDiscussions(f.api, "limit=100", f.admin);
      expect(adminList.map((item) => item.discussionID)).toContain(hidden.discussionID);
      const memberList = await getDiscussions(f.api, "limit=100", f.as.member);
      expect(memberList.map((item) => item.discussionID)).not.toContain(hidden.discussionID);
      const guestList = await getDiscussions(f.api, "limit=100", null);
      expect(guestList.map((item) => item.discussionID)).not.toContain(hidden.discussionID);
      // A private discussion's comments answer only those who may read it, kept or not.
      await postComment(f.api, f.admin, hidden.discussionID, "Staff talk.");
      expect((await getComments(f.api, `discussionID=${hidden.discussionID}`, f.admin)).length).toBe(1);
      const denied = await f.api.get(`/api/v2/comments?discussionID=${hidden.discussionID}`, { as: f.as.member });
      expect(denied.statusCode).toBe(403);
    } finally {
      expect((await membersMayView(f, f.category.ideas, true)).statusCode).toBe(200);
    }
  });

  it("keeps a discussion's comments for every reader, and drops them when a comment is posted", async () => {
    const topic = await postDiscussion(f.api, f.as.member, { name: "Comments kept", categoryID: f.category.general });
    const reply = await postComment(f.api, f.as.other, topic.discussionID, "The first reply.");
    const query = `discussionID=${topic.discussionID}`;
    const bodies = async (as: typeof f.admin) => (await getComments(f.api, query, as)).map((item) => item.body?.trim());
    expect(await bodies(f.as.member)).toEqual(["<p>The first reply.</p>"]);
    await f.t.database.db
      .updateTable("comments")
      .set({ body: "Edited in the database." })
      .where("commentID", "=", reply.commentID)
      .execute();
    expect(await bodies(f.as.other)).toEqual(["<p>The first reply.</p>"]);
    await postComment(f.api, f.as.member, topic.discussionID, "The second reply.");
    expect(await bodies(f.as.other)).toEqual(["<p>Edited in the database.</p>", "<p>The second reply.</p>"]);
  });

  it("keeps a discussion's own row with its comments, checks each reader against it, and drops it when it moves", async () => {
    const topic = await postDiscussion(f.api, f.as.member, { name: "Row kept", categoryID: f.category.general });
    await postComment(f.api, f.as.other, topic.discussionID, "A reply to a kept row.");
    const query = `discussionID=${topic.discussionID}`;
    const names = async (as: typeof f.admin) => (await getComments(f.api, query, as)).map((item) => item.name);
    expect(await names(f.as.member)).toEqual(["Re: Row kept"]);
    await renameBehindTheApp(topic.discussionID, "Renamed under the comments");
    // The discussion's row was kept with its comments, for every reader.
    expect(await names(f.as.other)).toEqual(["Re: Row kept"]);
    expect((await membersMayView(f, f.category.ideas, false)).statusCode).toBe(200);
    try {
      const moved = await f.api.patch(
        `/api/v2/discussions/${topic.discussionID}`,
        { categoryID: f.category.ideas },
        { as: f.admin },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      // The move dropped the kept row: members may no longer read it, and staff see it as it now is.
      const denied = await f.api.get(`/api/v2/comments?${query}`, { as: f.as.member });
      expect(denied.statusCode).toBe(403);
      const staff = await getComments(f.api, query, f.admin);
      expect(staff.map((item) => [item.name, item.categoryID])).toEqual([
        ["Re: Renamed under the comments", f.category.ideas],
      ]);
      // Kept again, for the staff who may read it: still refused to a member.
      expect((await f.api.get(`/api/v2/comments?${query}`, { as: f.as.other })).statusCode).toBe(403);
    } finally {
      expect((await membersMayView(f, f.category.ideas, true)).statusCode).toBe(200);
    }
  });

  it("keeps the authors' bylines for every list, and drops them when a member is renamed, hides their status or is banned", async () => {
    const topic = await postDiscussion(f.api, f.as.other, { name: "Bylines kept", categoryID: f.category.general });
    const authorOf = async (query: string) =>
      (await getDiscussions(f.api, query, f.as.member)).find((item) => item.discussionID === topic.discussionID)
        ?.insertUser;
    expect((await authorOf("limit=40"))?.name).toBe("Cache Other");
    await f.t.database.db
      .updateTable("users")
      .set({ name: "Renamed Behind" })
      .where("userID", "=", f.users.other.userID)
      .execute();
    // Another page of the list (not kept) still shows the kept byline.
    expect((await authorOf("limit=41"))?.name).toBe("Cache Other");
    const renamed = await f.api.patch(
      `/api/v2/users/${f.users.other.userID}`,
      { name: "Cache Renamed" },
      { as: f.admin },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await authorOf("limit=41"))?.name).toBe("Cache Renamed");
    expect((await authorOf("limit=42"))?.dateLastActive).not.toBeNull();
    const hidden = await f.api.put(
      `/api/v2/users/${f.users.other.userID}/hidden`,
      { hidden: true },
      { as: f.as.other },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await authorOf("limit=42"))?.dateLastActive).toBeNull();
    // A ban shows in the byline, and so does its lifting.
    const ban = (banned: boolean) =>
      f.api.put(`/api/v2/users/${f.users.other.userID}/ban`, { banned }, { as: f.admin });
    expect((await ban(true)).statusCode).toBe(200);
    expect((await authorOf("limit=43"))?.banned).toBe(1);
    expect((await ban(false)).statusCode).toBe(200);
    expect((await authorOf("limit=43"))?.banned).toBe(0);
  });

  it("drops kept lists when reactions are taken back and when discussions are resolved in bulk", async () => {
    const topic = await postDiscussion(f.api, f.as.member, { name: "Scored", categoryID: f.category.general });
    const query = `discussionID=${topic.discussionID}`;
    const scoreOf = async () => (await getDiscussions(f.api, query, f.as.member))[0]!.score;
    const liked = await f.api.post(
      `/api/v2/discussions/${topic.discussionID}/reactions`,
      { reactionType: "like" },
      { as: f.as.other },
    );
    expect(liked.statusCode, liked.body).toBe(201);
    const scored = await scoreOf();
    expect(scored).toBeGreaterThan(0);
    const removed = await f.api.delete(`/api/v2/discussions/${topic.discussionID}/reactions`, { as: f.as.other });
    expect(removed.statusCode).toBe(204);
    expect(await scoreOf()).toBe(0);

    const unresolved = async () =>
      (await getDiscussions(f.api, "resolved=false&limit=100", f.as.moderator)).map((item) => item.discussionID);
    expect(await unresolved()).toContain(topic.discussionID);
    const resolved = await f.api.post("/api/v2/discussions/resolve-bulk", undefined, { as: f.as.moderator });
    expect(resolved.statusCode, resolved.body).toBe(201);
    expect(await unresolved()).toEqual([]);
  });
});

const redisUrl = process.env["TEST_REDIS_URL"] || null;

describe.skipIf(!redisUrl || !testDatabaseUrl)(
  "lists' shared rows across two server instances (PostgreSQL and Redis)",
  () => {
    let instances: TwoInstances;
    beforeAll(async () => {
      instances = await createTwoInstances(redisUrl!, { readCacheTtlMs: 60_000 });
    });
    afterAll(async () => {
      await instances?.close();
    });

    it("a discussion posted through one instance shows at once in a member's list kept by the other", async () => {
      const apiA = createApi(instances.appA);
      const apiB = createApi(instances.appB);
      const reader = await apiB.signIn(instances.users.reader);
      const writer = await apiA.signIn(instances.users.writer);
      const list = async () => (await getDiscussions(apiB, "limit=50", reader)).map((item) => item.discussionID);
      await list();
      const posted = await postDiscussion(apiA, writer, {
        name: "Seen by members everywhere",
        body: "Through Redis.",
        categoryID: instances.general,
      });
      // B kept its rows for a minute; Redis tells B at once.
      await vi.waitFor(async () => expect(await list()).toContain(posted.discussionID), {
        timeout: 5_000,
        interval: 50,
      });
    });
  },
);
