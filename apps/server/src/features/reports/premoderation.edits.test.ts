import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { PendingPost, PostPremoderation, premoderationEditMessages, Report } from "@parley/contracts";
import { createUser, grantInCategory, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  getComments,
  getDiscussions,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Author", role: "member", bypassSpam: true },
  ben: { name: "Ben Bystander", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

const LINKS = "Read https://one.example.org, https://two.example.org and https://three.example.org please";

/** Edits of published posts held for approval (Vanilla's `isPendingUpdate`), issue 30. */
describe.each(engines)("premoderation of edits on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    discussionID = (
      await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Where edits are held" })
    ).discussionID;
    for (const [word, action] of [
      ["rutabaga", "approval"],
      ["figword", "flag"],
      ["blockword", "block"],
    ])
      expect((await f.api.post("/api/v2/watched-words", { word, action }, { as: f.admin })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await f?.t.close();
  });
  beforeEach(async () => {
    const reset = await f.api.patch(
      "/api/v2/config",
      { "premoderation.newMemberPosts": 0, "premoderation.maxLinks": 2 },
      { as: f.admin },
    );
    expect(reset.statusCode, reset.body).toBe(200);
  });

  const editComment = (id: number, body: string, as: Session) =>
    f.api.patch(`/api/v2/comments/${id}`, { body, format: "markdown" }, { as });
  const editDiscussion = (id: number, fields: Record<string, unknown>, as: Session) =>
    f.api.patch(`/api/v2/discussions/${id}`, fields, { as });
  const expectHeld = (response: { statusCode: number; body: string; json<T>(): T }, type: string) => {
    expect(response.statusCode, response.body).toBe(202);
    const answer = response.json<PostPremoderation>();
    expectSchema(PostPremoderation, answer);
    expect(answer.message).toBe(premoderationEditMessages.held);
    expect(answer.premoderatinReasons.map((reason) => reason.premoderationType)).toContain(type);
    return answer.reportID;
  };
  const report = (reportID: number) => f.api.get(`/api/v2/reports/${reportID}`, { as: f.as.mod });
  const pendingOfPost = async (recordType: string, recordID: number) =>
    (await f.api.get("/api/v2/reports?isPending=true&limit=500", { as: f.as.mod }))
      .json<Report[]>()
      .filter((r) => r.recordType === recordType && r.recordID === recordID);
  const search = async (word: string, as: Session) =>
    (await f.api.get(`/api/v2/search?query=${word}`, { as })).json<Array<{ recordType: string }>>();
  const commentBody = async (id: number, as: Session) =>
    (await f.api.get(`/api/v2/comments/${id}`, { as })).json<{
      body: string;
      dateUpdated: string | null;
      updateUserID: number | null;
    }>();
  const notificationsOf = async (as: Session) =>
    (await f.api.get("/api/v2/notifications", { as })).json<Array<{ activityType: string }>>();

  it("holds a comment edit with too many links: the comment keeps its text for everyone until approved", async () => {
    const { commentID } = await postComment(f.api, f.as.ann, discussionID, "A plain first version.");
    const reportID = expectHeld(await editComment(commentID, `${LINKS} swedeword`, f.as.ann), "premoderatedLinks");

    // Unchanged for everyone, the author too: by ID, in lists, in search; no revision yet.
    for (const as of [f.as.ben, f.as.ann, f.admin])
      expect((await commentBody(commentID, as)).body).toContain("A plain first version.");
    const listed = await getComments(f.api, `discussionID=${discussionID}`, f.as.ben);
    expect(listed.map((c) => c.body).join(" ")).not.toContain("swedeword");
    expect(await search("swedeword", f.admin)).toEqual([]);
    const revisions = () =>
      f.t.database.db
        .selectFrom("changeLog")
        .select("data")
        .where("recordType", "=", "comment")
        .where("recordID", "=", commentID)
        .execute();
    expect(await revisions()).toEqual([]);

    // Moderators see the current and the proposed text; the author sees their edit waiting.
    const held = (await report(reportID)).json<Report>();
    expectSchema(Report, held);
    expect(held).toMatchObject({ isPending: true, isPendingUpdate: true, recordID: commentID, recordType: "comment" });
    expect(held.pendingRecord!.current!.body).toContain("A plain first version.");
    expect(held.pendingRecord!.body).toContain("swedeword");
    const mine = await f.api.get(`/api/v2/reports/pending-posts?discussionID=${discussionID}`, { as: f.as.ann });
    expectSchema(Type.Array(PendingPost), mine.json());
    expect(mine.json<PendingPost[]>()).toEqual([
      expect.objectContaining({ reportID, isPendingUpdate: true, recordID: commentID, kind: "comment" }),
    ]);
    // A held edit is no report of the published post.
    expect(
      (await f.api.get(`/api/v2/reports?recordType=comment&recordID=${commentID}`, { as: f.as.mod })).json(),
    ).toEqual([]);

    // Approved: applied as Ann's edit, through the update path (revision, search, dateUpdated); Ann is told.
    const approved = await f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.mod });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Report>()).toMatchObject({ isPending: false, isPendingUpdate: false, recordID: commentID });
    const after = await commentBody(commentID, f.as.ben);
    expect(after.body).toContain("swedeword");
    expect(after.updateUserID).toBe(f.users.ann.userID);
    expect(after.dateUpdated).not.toBeNull();
    expect((await revisions()).map((row) => row.data).join()).toContain("A plain first version.");
    expect((await search("swedeword", f.admin)).length).toBe(1);
    expect((await notificationsOf(f.as.ann)).map((n) => n.activityType)).toContain("PostApproved");
    expect((await f.api.get("/api/v2/reports/pending-posts", { as: f.as.ann })).json()).toEqual([]);
  });

  it("holds a discussion edit with a watched word; a newer held edit replaces it; rejected, nothing changes", async () => {
    const discussion = await postDiscussion(f.api, f.as.ann, {
      categoryID: f.category.general,
      name: "Vegetable talk",
      body: "Nothing odd here.",
    });
    const first = expectHeld(
      await editDiscussion(discussion.discussionID, { name: "Rutabaga talk", body: "All about rutabaga." }, f.as.ann),
      "premoderatedKeyword",
    );
    const second = expectHeld(
      await editDiscussion(discussion.discussionID, { body: "Rutabaga, second thoughts." }, f.as.ann),
      "premoderatedKeyword",
    );
    expect(second).not.toBe(first);
    expect((await report(first)).statusCode).toBe(404);
    expect((await pendingOfPost("discussion", discussion.discussionID)).map((r) => r.reportID)).toEqual([second]);

    const shown = (await f.api.get(`/api/v2/discussions/${discussion.discussionID}`, { as: f.as.ben })).json<{
      name: string;
      body: string;
    }>();
    expect(shown.name).toBe("Vegetable talk");
    expect(shown.body).toContain("Nothing odd here.");
    const listed = await getDiscussions(f.api, `categoryID=${f.category.general}&limit=100`, f.as.ben);
    expect(listed.map((d) => d.name)).toContain("Vegetable talk");
    expect(await search("rutabaga", f.admin)).toEqual([]);

    const rejected = await f.api.patch(`/api/v2/reports/${second}/reject-record`, {}, { as: f.as.mod });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await report(second)).statusCode).toBe(404);
    const after = (await f.api.get(`/api/v2/discussions/${discussion.discussionID}`, { as: f.as.ben })).json<{
      name: string;
      body: string;
      dateUpdated: string | null;
    }>();
    expect(after).toMatchObject({ name: "Vegetable talk", dateUpdated: null });
    expect(after.body).toContain("Nothing odd here.");
    expect(await search("rutabaga", f.admin)).toEqual([]);
    expect((await notificationsOf(f.as.ann)).map((n) => n.activityType)).toContain("PostRejected");
  });

  it("runs the spam check on edits: a harmless comment edited into spam is held", async () => {
    const spammer = await createUser(f.t.database.db, { name: "Sly Editor", role: "member" });
    const sly = await f.api.signIn(spammer);
    const { commentID } = await postComment(f.api, sly, discussionID, "Thanks, this was a helpful thread.");
    const reportID = expectHeld(
      await editComment(
        commentID,
        "Buy cheap viagra https://pills.example.top https://casino.example.bet click here",
        sly,
      ),
      "premoderatedSpam",
    );
    expect((await report(reportID)).json<Report>().pendingRecord!.premoderationQueue).toBe("spam");
    expect((await commentBody(commentID, f.as.ben)).body).toContain("helpful thread");

    // A new account fixing a typo in its own post is no spammer posting the same text again.
    const fixer = await f.api.signIn(await createUser(f.t.database.db, { name: "Fay Fixer", role: "member" }));
    const typo = await postComment(f.api, fixer, discussionID, "I have grown tomatos in my garden for many years now.");
    const fixed = await editComment(typo.commentID, "I have grown tomatoes in my garden for many years now.", fixer);
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it("never holds a moderator's or an administrator's edit, nor an edit that changes no text", async () => {
    const own = await postComment(f.api, f.as.mod, discussionID, "A moderator's note.");
    const byMod = await editComment(own.commentID, `rutabaga ${LINKS}`, f.as.mod);
    expect(byMod.statusCode, byMod.body).toBe(200);
    const anns = await postComment(f.api, f.as.ann, discussionID, "Ann's words.");
    const byAdmin = await editComment(anns.commentID, `Tidied by the admin: ${LINKS}`, f.admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    // Ann's post with many links from before the limit was lowered: saved again unchanged, it is not re-checked.
    await f.api.patch("/api/v2/config", { "premoderation.maxLinks": 0 }, { as: f.admin });
    const linky = await postComment(f.api, f.as.ann, discussionID, LINKS);
    await f.api.patch("/api/v2/config", { "premoderation.maxLinks": 2 }, { as: f.admin });
    const same = await editComment(linky.commentID, LINKS, f.as.ann);
    expect(same.statusCode, same.body).toBe(200);
  });

  it("refuses a blocked word on edit (422) and files a report for a flag word", async () => {
    const { commentID } = await postComment(f.api, f.as.ann, discussionID, "Before the flag.");
    const blocked = await editComment(commentID, "Now with blockword.", f.as.ann);
    expect(blocked.statusCode, blocked.body).toBe(422);
    const flagged = await editComment(commentID, "Now with figword.", f.as.ann);
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect((await commentBody(commentID, f.as.ben)).body).toContain("figword");
    const reports = (
      await f.api.get(`/api/v2/reports?recordType=comment&recordID=${commentID}`, { as: f.as.mod })
    ).json<Report[]>();
    expect(reports).toEqual([expect.objectContaining({ isPending: false, recordID: commentID })]);
    expect(reports[0]!.noteBody).toContain("figword");
  });

  it("answers a clear 409 when the edited post was deleted meanwhile", async () => {
    const { commentID } = await postComment(f.api, f.as.ann, discussionID, "Soon gone.");
    const reportID = expectHeld(await editComment(commentID, `Gone ${LINKS}`, f.as.ann), "premoderatedLinks");
    expect((await f.api.delete(`/api/v2/comments/${commentID}`, { as: f.admin })).statusCode).toBe(204);
    const approved = await f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.mod });
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json<{ message: string }>().message).toBe(premoderationEditMessages.postGone);
    expect((await f.api.patch(`/api/v2/reports/${reportID}/reject-record`, {}, { as: f.as.mod })).statusCode).toBe(200);
  });

  it("never lets an older held edit overwrite a newer published one: 409, and the post keeps the newer text", async () => {
    const { commentID } = await postComment(f.api, f.as.ann, discussionID, "The first words.");
    const reportID = expectHeld(await editComment(commentID, `Older ${LINKS}`, f.as.ann), "premoderatedLinks");
    const newer = await editComment(commentID, "The newer words, published at once.", f.as.ann);
    expect(newer.statusCode, newer.body).toBe(200);
    const { discussionID: otherID } = await postDiscussion(f.api, f.as.ann, {
      categoryID: f.category.general,
      name: "A title held back",
    });
    const titleReportID = expectHeld(
      await editDiscussion(otherID, { name: "A rutabaga title" }, f.as.ann),
      "premoderatedKeyword",
    );
    expect((await editDiscussion(otherID, { name: "A title changed since" }, f.admin)).statusCode).toBe(200);

    for (const [held, kind] of [
      [reportID, "comment"],
      [titleReportID, "discussion"],
    ] as const) {
      const approved = await f.api.patch(`/api/v2/reports/${held}/approve-record`, {}, { as: f.as.mod });
      expect(approved.statusCode, `${kind}: ${approved.body}`).toBe(409);
      expect(approved.json<{ message: string }>().message).toBe(premoderationEditMessages.postChanged);
      // Still waiting, so a moderator can reject it.
      expect((await report(held)).json<Report>()).toMatchObject({ isPending: true, isPendingUpdate: true });
      expect((await f.api.patch(`/api/v2/reports/${held}/reject-record`, {}, { as: f.as.mod })).statusCode).toBe(200);
    }
    expect((await commentBody(commentID, f.as.ben)).body).toContain("The newer words");
    const discussion = (await f.api.get(`/api/v2/discussions/${otherID}`, { as: f.as.ben })).json<{ name: string }>();
    expect(discussion.name).toBe("A title changed since");
  });

  // Last: it makes every member a moderator of General's posts.
  it("never holds the edit of a member who moderates posts in the post's category", async () => {
    const { commentID } = await postComment(f.api, f.as.ben, discussionID, "Ben's plain words.");
    expectHeld(await editComment(commentID, `Ben's links: ${LINKS}`, f.as.ben), "premoderatedLinks");
    await grantInCategory(f.api, f.t.database.db, f.admin, "member", f.category.general, {
      "discussions.view": true,
      "comments.add": true,
      "posts.moderate": true,
    });
    const edited = await editComment(commentID, `Ben moderates here: ${LINKS}`, f.as.ben);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await commentBody(commentID, f.as.ann)).body).toContain("Ben moderates here");
  });
});
