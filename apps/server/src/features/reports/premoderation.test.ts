import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { paginationHeaders, PendingPost, PostPremoderation, Report } from "@parley/contracts";
import { createUser, type Session } from "../../test/accounts.ts";
import {
  categoryCounts,
  createContentFixture,
  expectSchema,
  getComments,
  getDiscussions,
  postDiscussion,
  userCounts,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Author", role: "member", bypassSpam: true },
  ben: { name: "Ben Bystander", role: "member", bypassSpam: true },
  nia: { name: "Nia Newcomer", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

const LINKS = "Read https://one.example.org, https://two.example.org and https://three.example.org please";

describe.each(engines)("the premoderation queue on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    discussionID = (
      await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Where premoderation is tried" })
    ).discussionID;
    // Ann and Ben have published posts; Nia none.
    await f.api.post("/api/v2/comments", { discussionID, body: "Ben was here.", format: "markdown" }, { as: f.as.ben });
  });
  afterAll(async () => {
    await f?.t.close();
  });
  beforeEach(async () => {
    const reset = await f.api.patch(
      "/api/v2/config",
      { "premoderation.newMemberPosts": 0, "premoderation.maxLinks": 0 },
      { as: f.admin },
    );
    expect(reset.statusCode, reset.body).toBe(200);
  });

  const setting = async (values: Record<string, number>) =>
    expect((await f.api.patch("/api/v2/config", values, { as: f.admin })).statusCode).toBe(200);
  const comment = (as: Session, body: string, id = discussionID) =>
    f.api.post("/api/v2/comments", { discussionID: id, body, format: "markdown" }, { as });
  const expectHeld = (response: { statusCode: number; body: string; json<T>(): T }, type: string) => {
    expect(response.statusCode, response.body).toBe(202);
    const answer = response.json<PostPremoderation>();
    expectSchema(PostPremoderation, answer);
    expect(answer.premoderatinReasons.map((reason) => reason.premoderationType)).toContain(type);
    return answer.reportID;
  };
  const report = async (reportID: number, as = f.admin) => {
    const response = await f.api.get(`/api/v2/reports/${reportID}`, { as });
    return response;
  };
  const search = async (word: string, as: Session) =>
    (await f.api.get(`/api/v2/search?query=${word}`, { as })).json<Array<{ recordType: string }>>();
  const notificationsOf = async (as: Session) =>
    (await f.api.get("/api/v2/notifications", { as })).json<Array<{ activityType: string; body: string }>>();

  it("holds a new member's comment: nothing leaks until a moderator approves it, then everything appears", async () => {
    await setting({ "premoderation.newMemberPosts": 2 });
    const before = await categoryCounts(f.api, f.admin, f.category.general);
    const annNotified = (await notificationsOf(f.as.ann)).length;
    const benNotified = (await notificationsOf(f.as.ben)).length;
    const reportID = expectHeld(
      await comment(f.as.nia, 'Hello @"Ben Bystander", a zucchiniword to find.'),
      "premoderatedNewMember",
    );

    // Not written: no comment in lists or counts, no search hit, no notification, a 404 by ID.
    const comments = await getComments(f.api, `discussionID=${discussionID}`, f.as.ben);
    expect(comments.map((c) => c.body).join(" ")).not.toContain("zucchiniword");
    expect(await categoryCounts(f.api, f.admin, f.category.general)).toEqual(before);
    const discussion = (await f.api.get(`/api/v2/discussions/${discussionID}`, { as: f.as.ben })).json<{
      countComments: number;
    }>();
    expect(discussion.countComments).toBe(1);
    expect(await search("zucchiniword", f.admin)).toEqual([]);
    expect((await notificationsOf(f.as.ann)).length).toBe(annNotified);
    expect((await notificationsOf(f.as.ben)).length).toBe(benNotified);
    expect(await userCounts(f.api, f.admin, f.users.nia.userID)).toEqual({ countDiscussions: 0, countComments: 0 });
    const rows = await f.t.database.db.selectFrom("comments").select("body").execute();
    expect(rows.some((row) => row.body.includes("zucchiniword"))).toBe(false);

    // The author sees it (their own pending posts); another member does not.
    const mine = await f.api.get(`/api/v2/reports/pending-posts?discussionID=${discussionID}`, { as: f.as.nia });
    expect(mine.statusCode).toBe(200);
    expectSchema(Type.Array(PendingPost), mine.json());
    expect(mine.json<PendingPost[]>()).toEqual([
      expect.objectContaining({ reportID, kind: "comment", discussionID, placeName: "Where premoderation is tried" }),
    ]);
    expect(mine.json<PendingPost[]>()[0]!.body).toContain("zucchiniword");
    expect(
      (await f.api.get(`/api/v2/reports/pending-posts?discussionID=${discussionID}`, { as: f.as.ben })).json(),
    ).toEqual([]);
    expect((await f.api.get("/api/v2/reports/pending-posts", { as: null })).statusCode).toBe(403);

    // Moderators see it in the queue (and not in the reports of published posts); members may not.
    const queue = await f.api.get("/api/v2/reports?isPending=true&premoderationQueue=approval", { as: f.as.mod });
    expect(queue.statusCode).toBe(200);
    expectSchema(Type.Array(Report), queue.json());
    const item = queue.json<Report[]>().find((r) => r.reportID === reportID)!;
    expect(item).toMatchObject({ isPending: true, recordID: 0, recordUserID: f.users.nia.userID });
    expect(item.pendingRecord!.body).toContain("zucchiniword");
    expect(
      (await f.api.get("/api/v2/reports", { as: f.as.mod })).json<Report[]>().map((r) => r.reportID),
    ).not.toContain(reportID);
    expect((await f.api.get("/api/v2/reports?isPending=true", { as: f.as.ben })).statusCode).toBe(403);
    expect((await report(reportID, f.as.ben)).statusCode).toBe(403);
    const refused = await f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.ben });
    expect(refused.statusCode).toBe(403);
    expect((await f.api.patch(`/api/v2/reports/${reportID}/reject-record`, {}, { as: f.as.nia })).statusCode).toBe(403);

    // Dismissing would strand it: refused.
    expect((await f.api.post(`/api/v2/reports/${reportID}/dismiss`, {}, { as: f.as.mod })).statusCode).toBe(409);

    // Approved (two moderators at once: published once): written as Nia's, counted, searchable, notified; Nia is told.
    const [approved, again] = await Promise.all([
      f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.mod }),
      f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.admin }),
    ]);
    expect([approved.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    const winner = approved.statusCode === 200 ? approved : again;
    const closed = winner.json<Report>();
    expect(closed).toMatchObject({ isPending: false, pendingRecord: null, status: "dismissed" });
    expect(closed.recordID).toBeGreaterThan(0);
    const published = await f.api.get(`/api/v2/comments/${closed.recordID}`, { as: f.as.ben });
    expect(published.statusCode).toBe(200);
    expect(published.json<{ insertUserID: number; body: string }>()).toMatchObject({
      insertUserID: f.users.nia.userID,
    });
    const after = await categoryCounts(f.api, f.admin, f.category.general);
    expect(after.countComments).toBe(before.countComments + 1);
    expect(await userCounts(f.api, f.admin, f.users.nia.userID)).toEqual({ countDiscussions: 0, countComments: 1 });
    expect((await search("zucchiniword", f.admin)).length).toBe(1);
    expect((await notificationsOf(f.as.ann)).length).toBe(annNotified + 1);
    expect((await notificationsOf(f.as.ben)).map((n) => n.activityType)).toContain("Mention");
    expect((await notificationsOf(f.as.nia)).map((n) => n.activityType)).toContain("PostApproved");
    expect((await f.api.get("/api/v2/reports/pending-posts", { as: f.as.nia })).json()).toEqual([]);
    // Approving twice is refused.
    expect((await f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.mod })).statusCode).toBe(
      409,
    );
  });

  it("holds a discussion: not listed, not counted, a 404 to others; rejected, nothing is left", async () => {
    await setting({ "premoderation.maxLinks": 2 });
    const before = await categoryCounts(f.api, f.admin, f.category.general);
    const held = await f.api.post(
      "/api/v2/discussions",
      { categoryID: f.category.general, name: "Linky parsnipword", body: LINKS, format: "markdown" },
      { as: f.as.ann },
    );
    const reportID = expectHeld(held, "premoderatedLinks");
    const listed = await getDiscussions(f.api, `categoryID=${f.category.general}&limit=100`, f.as.ben);
    expect(listed.map((d) => d.name)).not.toContain("Linky parsnipword");
    expect(await categoryCounts(f.api, f.admin, f.category.general)).toEqual(before);
    expect(await search("parsnipword", f.admin)).toEqual([]);
    const mine = (await f.api.get("/api/v2/reports/pending-posts", { as: f.as.ann })).json<PendingPost[]>();
    expect(mine).toEqual([expect.objectContaining({ reportID, kind: "discussion", name: "Linky parsnipword" })]);

    const rejected = await f.api.patch(`/api/v2/reports/${reportID}/reject-record`, {}, { as: f.as.mod });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Report>().status).toBe("rejected");
    expect((await report(reportID)).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/reports/pending-posts", { as: f.as.ann })).json()).toEqual([]);
    expect(await categoryCounts(f.api, f.admin, f.category.general)).toEqual(before);
    expect(await search("parsnipword", f.admin)).toEqual([]);
    const discussions = await f.t.database.db.selectFrom("discussions").select("name").execute();
    expect(discussions.some((row) => row.name.includes("parsnipword"))).toBe(false);
    expect((await notificationsOf(f.as.ann)).map((n) => n.activityType)).toContain("PostRejected");
  });

  it("approves a held discussion with the moderator's edits, notifying as a new discussion", async () => {
    await setting({ "premoderation.maxLinks": 2 });
    const reportID = expectHeld(
      await f.api.post(
        "/api/v2/discussions",
        { categoryID: f.category.general, name: "Links galore", body: LINKS, format: "markdown" },
        { as: f.as.ann },
      ),
      "premoderatedLinks",
    );
    const before = await categoryCounts(f.api, f.admin, f.category.general);
    const approved = await f.api.patch(
      `/api/v2/reports/${reportID}/approve-record`,
      { premoderatedRecord: { name: "Links, tidied", body: "One link: https://one.example.org" } },
      { as: f.as.mod },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const discussion = (
      await f.api.get(`/api/v2/discussions/${approved.json<Report>().recordID}`, { as: f.as.ben })
    ).json<{ name: string; body: string; insertUserID: number }>();
    expect(discussion).toMatchObject({ name: "Links, tidied", insertUserID: f.users.ann.userID });
    expect(discussion.body).not.toContain("three.example.org");
    expect((await categoryCounts(f.api, f.admin, f.category.general)).countDiscussions).toBe(
      before.countDiscussions + 1,
    );
  });

  it("holds for each rule: the role's approval.require, a watched word, the spam check; never a moderator", async () => {
    // The role permission, through a role of its own.
    const role = await f.api.post(
      "/api/v2/roles",
      { name: "Probation", permissions: [{ type: "global", id: null, permissions: { "approval.require": true } }] },
      { as: f.admin },
    );
    expect(role.statusCode, role.body).toBe(201);
    const probation = await createUser(f.t.database.db, { name: "Pat Probation", role: "member" });
    await f.t.database.db.updateTable("users").set({ bypassSpam: 1 }).where("userID", "=", probation.userID).execute();
    const memberRoles = (await f.api.get(`/api/v2/users/${probation.userID}?expand=roles`, { as: f.admin })).json<{
      roles?: Array<{ roleID: number }>;
    }>();
    const roleIDs = [...(memberRoles.roles ?? []).map((r) => r.roleID), role.json<{ roleID: number }>().roleID];
    expect(
      (await f.api.patch(`/api/v2/users/${probation.userID}`, { roleID: roleIDs }, { as: f.admin })).statusCode,
    ).toBe(200);
    const pat = await f.api.signIn(probation);
    expectHeld(await comment(pat, "Hello all."), "premoderatedRole");

    // A watched word marked "require approval".
    expect(
      (await f.api.post("/api/v2/watched-words", { word: "kumquat", action: "approval" }, { as: f.admin })).statusCode,
    ).toBe(201);
    expectHeld(await comment(f.as.ben, "I like kumquat."), "premoderatedKeyword");

    // The spam check: maybe → the approval queue; spam → the spam queue.
    const spammer = await createUser(f.t.database.db, { name: "Sly Seller", role: "member" });
    const sly = await f.api.signIn(spammer);
    const spamID = expectHeld(
      await comment(sly, "Buy cheap viagra https://pills.example.top https://casino.example.bet click here"),
      "premoderatedSpam",
    );
    const spamReport = (await report(spamID)).json<Report>();
    expect(spamReport.pendingRecord!.premoderationQueue).toBe("spam");
    const spamQueue = (
      await f.api.get("/api/v2/reports?isPending=true&premoderationQueue=spam", { as: f.as.mod })
    ).json<Report[]>();
    expect(spamQueue.map((r) => r.reportID)).toContain(spamID);
    // (A "maybe" is held for approval too: spam.test.ts, an address other spam came from.)

    // How many wait, for the dashboard's badge: one row asked for, the total in the header, both queues together.
    const waiting = async (query: string) => {
      const response = await f.api.get(`/api/v2/reports?isPending=true&limit=1${query}`, { as: f.as.mod });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Report[]>().length).toBeLessThanOrEqual(1);
      return Number(response.headers[paginationHeaders.resultCount]);
    };
    const [both, approval, spam] = [
      await waiting(""),
      await waiting("&premoderationQueue=approval"),
      await waiting("&premoderationQueue=spam"),
    ];
    expect(spam).toBeGreaterThanOrEqual(1);
    expect(approval).toBeGreaterThanOrEqual(2);
    expect(both).toBe(approval + spam);
    expect((await f.api.patch(`/api/v2/reports/${spamID}/reject-record`, {}, { as: f.as.mod })).statusCode).toBe(200);
    expect(await waiting("")).toBe(both - 1);

    // Moderators are never held, whatever the rules say.
    await setting({ "premoderation.newMemberPosts": 100, "premoderation.maxLinks": 1 });
    const posted = await comment(f.as.mod, `kumquat ${LINKS}`);
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it("answers a clear 409 when the held comment's discussion is gone, and leaves it pending", async () => {
    const doomed = await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Short-lived" });
    await setting({ "premoderation.newMemberPosts": 5 });
    const reportID = expectHeld(await comment(f.as.nia, "Too late.", doomed.discussionID), "premoderatedNewMember");
    expect((await f.api.delete(`/api/v2/discussions/${doomed.discussionID}`, { as: f.admin })).statusCode).toBe(204);
    const approved = await f.api.patch(`/api/v2/reports/${reportID}/approve-record`, {}, { as: f.as.mod });
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json<{ message: string }>().message).toContain("is gone");
    expect((await report(reportID)).json<Report>().isPending).toBe(true);
    expect((await f.api.patch(`/api/v2/reports/${reportID}/reject-record`, {}, { as: f.as.mod })).statusCode).toBe(200);
  });
});
