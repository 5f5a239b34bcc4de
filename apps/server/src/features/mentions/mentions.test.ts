import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { anonymousMentionName, LongRunnerResult, UserMention } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { rebuildMentionIndex } from "./index.ts";

const cast = {
  ann: { name: "Ann Mentioned", role: "member", bypassSpam: true },
  ben: { name: "ben_writer", role: "member", bypassSpam: true },
  cid: { name: "Cid Other", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
  gone: { name: "gone_soon", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("user mentions on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const id = (who: Who) => f.users[who].userID;
  const list = async (as: Session | null, userID: number, query = "") => {
    const response = await f.api.get(`/api/v2/user-mentions/users/${userID}${query}`, { as });
    if (response.statusCode === 200) expectSchema(Type.Array(UserMention), response.json());
    return response;
  };
  const records = async (as: Session | null, userID: number, query = "") => {
    const response = await list(as, userID, query);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<UserMention[]>()
      .map((mention) => `${mention.recordType}:${mention.recordID}:${mention.status}`);
  };
  const row = (recordType: string, recordID: number) =>
    f.t.database.db
      .selectFrom("userMentions")
      .selectAll()
      .where("recordType", "=", recordType)
      .where("recordID", "=", recordID)
      .execute();

  it("indexes mentions as posts are written, edited and deleted", async () => {
    const discussion = await postDiscussion(f.api, f.as.ben, {
      categoryID: f.category.general,
      body: 'Hello @"Ann Mentioned" and @cid-nobody.',
    });
    const comment = await postComment(f.api, f.as.ben, discussion.discussionID, 'Agreed, @"ann mentioned".');
    const items = (await list(f.admin, id("ann"))).json<UserMention[]>();
    expect(items).toEqual([
      expect.objectContaining({
        userID: id("ann"),
        recordType: "comment",
        recordID: comment.commentID,
        parentRecordType: "discussions",
        ParentRecordID: discussion.discussionID,
        mentionedName: "ann mentioned",
        status: "active",
      }),
      expect.objectContaining({
        recordType: "discussions",
        recordID: discussion.discussionID,
        parentRecordType: "category",
        ParentRecordID: f.category.general,
        mentionedName: "Ann Mentioned",
      }),
    ]);

    // An edit that takes Ann out and mentions Cid: the index follows.
    const edit = await f.api.patch(
      `/api/v2/comments/${comment.commentID}`,
      { body: 'Now @"Cid Other" instead.' },
      { as: f.as.ben },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await row("comment", comment.commentID)).map((mention) => mention.userID)).toEqual([id("cid")]);
    expect(await records(f.admin, id("ann"))).toEqual([`discussions:${discussion.discussionID}:active`]);

    // Deleting the discussion takes its mentions and its comments' with it.
    const removed = await f.api.delete(`/api/v2/discussions/${discussion.discussionID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await records(f.admin, id("ann"))).toEqual([]);
    expect(await row("comment", comment.commentID)).toEqual([]);
  });

  it("follows comments a merge moves, and indexes the merged discussion as the comment it becomes", async () => {
    const destination = await postDiscussion(f.api, f.as.ben, { categoryID: f.category.general, name: "Target" });
    const source = await postDiscussion(f.api, f.as.ben, {
      categoryID: f.category.troubleshooting,
      name: "Source",
      body: 'Source, @"Ann Mentioned".',
    });
    const comment = await postComment(f.api, f.as.cid, source.discussionID, 'Reply to @"Ann Mentioned".');
    const merged = await f.api.patch(
      "/api/v2/discussions/merge",
      { discussionIDs: [source.discussionID], destinationDiscussionID: destination.discussionID },
      { as: f.admin },
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const rows = await f.t.database.db
      .selectFrom("userMentions")
      .selectAll()
      .where("discussionID", "=", destination.discussionID)
      .execute();
    expect(rows.map((m) => m.recordType).sort()).toEqual(["comment", "comment"]);
    expect(rows.map((m) => m.recordID)).toContain(comment.commentID);
    expect(await row("discussion", source.discussionID)).toEqual([]);
    const listed = await records(f.admin, id("ann"));
    for (const m of rows) expect(listed).toContain(`comment:${m.recordID}:active`);
  });

  it("follows comments a split moves, discussion edits and moves, and comment deletions", async () => {
    const from = await postDiscussion(f.api, f.as.ben, { categoryID: f.category.general, name: "To split" });
    const comment = await postComment(f.api, f.as.cid, from.discussionID, 'Split me, @"Ann Mentioned".');
    const split = await f.api.post(
      "/api/v2/discussions/split?longRunnerMode=sync",
      { commentIDs: [comment.commentID], newPost: { name: "Split off", categoryID: f.category.troubleshooting } },
      { as: f.admin },
    );
    expect(split.statusCode, split.body).toBe(200);
    const [moved] = await row("comment", comment.commentID);
    expect(moved?.discussionID).not.toBe(from.discussionID);
    expect(moved).toMatchObject({ parentRecordType: "discussion", parentRecordID: moved?.discussionID });

    // A discussion's edit that mentions Ann, then its move: its row follows, dated the edit.
    const edit = await f.api.patch(
      `/api/v2/discussions/${from.discussionID}`,
      { body: 'Now for @"Ann Mentioned".' },
      { as: f.as.ben },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await row("discussion", from.discussionID)).toEqual([
      expect.objectContaining({ userID: id("ann"), parentRecordID: f.category.general, status: "active" }),
    ]);
    const move = await f.api.patch(
      `/api/v2/discussions/${from.discussionID}`,
      { categoryID: f.category.troubleshooting },
      { as: f.admin },
    );
    expect(move.statusCode, move.body).toBe(200);
    expect((await row("discussion", from.discussionID))[0]?.parentRecordID).toBe(f.category.troubleshooting);

    // A comment deleted takes its row with it.
    const deleted = await f.api.delete(`/api/v2/comments/${comment.commentID}`, { as: f.admin });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await row("comment", comment.commentID)).toEqual([]);
  });

  it("lists a member's mentions to administrators only, as Vanilla does, in any category", async () => {
    const hidden = await postDiscussion(f.api, f.admin, {
      categoryID: f.category["off-topic"],
      body: 'Staff only, @"Cid Other".',
    });
    expect((await membersMayView(f, f.category["off-topic"], false)).statusCode).toBe(200);
    try {
      expect(await records(f.admin, id("cid"))).toContain(`discussions:${hidden.discussionID}:active`);
      // Not even the member themself, nor a moderator.
      for (const as of [f.as.cid, f.as.mod, f.as.ben, null]) {
        const refused = await list(as, id("cid"));
        expect(refused.statusCode, refused.body).toBe(403);
      }
      expect((await list(f.admin, 999_999)).statusCode).toBe(404);
      expect((await list(f.admin, id("cid"), "?limit=101")).statusCode).toBe(400);
      expect((await list(f.admin, id("cid"), "?page=0")).statusCode).toBe(400);
    } finally {
      expect((await membersMayView(f, f.category["off-topic"], true)).statusCode).toBe(200);
    }
  });

  it("pages the list", async () => {
    await postDiscussion(f.api, f.as.ben, { categoryID: f.category.general, body: 'Hi @"Cid Other"' });
    const all = await records(f.admin, id("cid"));
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(await records(f.admin, id("cid"), "?limit=1")).toEqual([all[0]]);
    const second = await list(f.admin, id("cid"), "?limit=1&page=2");
    expect(second.json<UserMention[]>().map((m) => `${m.recordType}:${m.recordID}:${m.status}`)).toEqual([all[1]]);
    expect(second.headers.link).toContain("page=1");
  });

  it("anonymises a deleted member's mentions through the posts' edits, administrators only", async () => {
    const discussion = await postDiscussion(f.api, f.as.ben, {
      categoryID: f.category.general,
      body: "Thanks @gone_soon and @ben_writer.",
    });
    const comment = await postComment(f.api, f.as.cid, discussion.discussionID, "@gone_soon <b>said</b> so", "html");
    const rich = await postComment(
      f.api,
      f.as.cid,
      discussion.discussionID,
      JSON.stringify([{ insert: { mention: { name: "gone_soon", userID: id("gone") } } }, { insert: " hi\n" }]),
      "rich",
    );
    const deleted = await f.api.delete(`/api/v2/users/${id("gone")}`, { as: f.admin });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await row("discussion", discussion.discussionID)).find((m) => m.userID === id("gone"))?.status).toBe(
      "toDelete",
    );
    // Mentioned by name after the deletion: waiting to be anonymised too.
    const late = await postComment(f.api, f.as.ben, discussion.discussionID, "Where is @gone_soon?");
    expect((await row("comment", late.commentID)).map((m) => m.status)).toEqual(["toDelete"]);

    for (const as of [f.as.mod, f.as.ben, f.as.gone, null]) {
      const refused = await f.api.post(`/api/v2/user-mentions/${id("gone")}/anonymize`, {}, { as });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect((await f.api.post("/api/v2/user-mentions/999999/anonymize", {}, { as: f.admin })).statusCode).toBe(404);

    const response = await f.api.post(`/api/v2/user-mentions/${id("gone")}/anonymize`, {}, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<LongRunnerResult>();
    expectSchema(LongRunnerResult, result);
    expect(result.progress.successIDs).toHaveLength(4);
    expect(result.progress.failedIDs).toEqual([]);

    const body = async (path: string) =>
      (await f.api.get(`/api/v2/${path}?expand=-insertUser`, { as: f.admin })).json<{ body: string }>().body;
    const discussionBody = await body(`discussions/${discussion.discussionID}`);
    expect(discussionBody).not.toContain("gone_soon");
    expect(discussionBody).toContain(`@${anonymousMentionName}`);
    expect(discussionBody).toContain("@ben_writer");
    expect(await body(`comments/${comment.commentID}`)).not.toContain("gone_soon");
    expect(await body(`comments/${comment.commentID}`)).toContain("<b>said</b>");
    expect(await body(`comments/${rich.commentID}`)).not.toContain("gone_soon");
    expect(await body(`comments/${late.commentID}`)).not.toContain("gone_soon");
    const rows = await f.t.database.db
      .selectFrom("userMentions")
      .selectAll()
      .where("userID", "=", id("gone"))
      .execute();
    expect(rows.map((m) => [m.status, m.mentionedName])).toEqual(
      Array.from({ length: 4 }, () => ["removed", anonymousMentionName]),
    );
    // Ben's mention in the same post is untouched.
    expect((await row("discussion", discussion.discussionID)).find((m) => m.userID === id("ben"))?.status).toBe(
      "active",
    );
    // Again: nothing left to do.
    const again = await f.api.post(`/api/v2/user-mentions/${id("gone")}/anonymize`, {}, { as: f.admin });
    expect(again.json<LongRunnerResult>().progress.countTotalIDs).toBe(0);
  });

  it("rebuilds the index from the posts, idempotently", async () => {
    const db = f.t.database.db;
    const before = await db.selectFrom("userMentions").select(["userID", "recordType", "recordID", "status"]).execute();
    await db.deleteFrom("userMentions").where("status", "=", "active").execute();
    await rebuildMentionIndex(db);
    await rebuildMentionIndex(db);
    const after = await db.selectFrom("userMentions").select(["userID", "recordType", "recordID", "status"]).execute();
    const key = (m: (typeof before)[number]) => `${m.userID}:${m.recordType}:${m.recordID}:${m.status}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
  });
});
