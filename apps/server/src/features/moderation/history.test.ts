import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditLog, ChangeLogEntry, type Comment, type Discussion } from "@parley/contracts";
import { Type } from "typebox";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  userCounts,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "moderator";

/** History of edits and deletions, deleted comments restored by a moderator, and the audit log. */
describe.each(engines)("history and audit log on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "History Member", role: "member", bypassSpam: true },
      moderator: { name: "History Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("keeps every edit of a discussion: its revisions for moderators, newest first", async () => {
    const d = await postDiscussion(f.api, f.as.member, {
      name: "First title",
      body: "First *body*.",
      categoryID: f.category.general,
    });
    const edit = (body: unknown, as = f.as.member) =>
      f.api.patch(`/api/v2/discussions/${d.discussionID}`, body, { as });
    expect((await edit({ name: "Second title" })).statusCode).toBe(200);
    expect((await edit({ body: "Second body.", name: "Third title" }, f.as.moderator)).statusCode).toBe(200);
    expect((await edit({ closed: true }, f.as.moderator)).statusCode).toBe(200);

    const url = `/api/v2/discussions/${d.discussionID}/revisions`;
    expect((await f.api.get(url, { as: f.as.member })).statusCode).toBe(403);
    expect((await f.api.get(url)).statusCode).toBe(403);
    const response = await f.api.get(url, { as: f.as.moderator });
    expect(response.statusCode).toBe(200);
    // The fewest of a few tries: a cache reloading meanwhile adds to one count (CI saw it once).
    const queries = await fewestQueries(() => f.api.get(url, { as: f.as.moderator }));
    const revisions = response.json<ChangeLogEntry[]>();
    expectSchema(Type.Array(ChangeLogEntry), revisions);
    expect(revisions.map((entry) => entry.name)).toEqual(["Third title", "Second title", "First title"]);
    expect(revisions[2]).toMatchObject({
      operation: "edit",
      recordType: "discussion",
      recordID: d.discussionID,
      authorUserID: f.users.member.userID,
      insertUserID: f.users.member.userID,
      insertUser: { name: "History Member" },
      authorUser: { name: "History Member" },
    });
    expect(revisions[2]!.body).toContain("<em>body</em>");
    expect(revisions[0]!.insertUserID).toBe(f.users.moderator.userID);
    // The moderator made the change; the post is still the member's.
    expect(revisions[0]).toMatchObject({
      insertUser: { name: "History Moderator" },
      authorUser: { name: "History Member" },
    });
    expect(response.headers["x-app-page-result-count"]).toBe("3");
    // The page, its count and the users: a fixed number, whatever the page size.
    for (let index = 0; index < 3; index += 1) await edit({ name: `More ${index}` }, f.as.moderator);
    const more = await f.api.get(url, { as: f.as.moderator });
    expect(more.json<unknown[]>()).toHaveLength(6);
    expect(await fewestQueries(() => f.api.get(url, { as: f.as.moderator }))).toBe(queries);
  });

  it("keeps deleted comments; a moderator restores one with its counts", async () => {
    const d = await postDiscussion(f.api, f.as.member, { name: "Deletions", categoryID: f.category.general });
    const kept = await postComment(f.api, f.as.member, d.discussionID, "Kept.");
    const gone = await postComment(f.api, f.as.member, d.discussionID, "Gone *soon*.");
    const edited = await postComment(f.api, f.as.member, d.discussionID, "Before the edit.");
    expect(
      (await f.api.patch(`/api/v2/comments/${edited.commentID}`, { body: "After." }, { as: f.as.member })).statusCode,
    ).toBe(200);
    const before = await userCounts(f.api, f.admin, f.users.member.userID);
    expect((await f.api.delete(`/api/v2/comments/${gone.commentID}`, { as: f.as.moderator })).statusCode).toBe(204);
    const bulk = await f.api.request("DELETE", "/api/v2/comments/list", {
      as: f.as.moderator,
      body: { commentIDs: [edited.commentID] },
    });
    expect(bulk.statusCode).toBe(200);

    const url = `/api/v2/discussions/${d.discussionID}/deleted-comments`;
    expect((await f.api.get(url, { as: f.as.member })).statusCode).toBe(403);
    const deleted = (await f.api.get(url, { as: f.as.moderator })).json<ChangeLogEntry[]>();
    expectSchema(Type.Array(ChangeLogEntry), deleted);
    expect(deleted.map((entry) => entry.recordID)).toEqual([edited.commentID, gone.commentID]);
    expect(deleted[0]!.body).toContain("After.");
    expect(deleted[1]).toMatchObject({
      operation: "delete",
      parentRecordID: d.discussionID,
      dateRestored: null,
      insertUser: { name: "History Moderator" },
      authorUser: { name: "History Member" },
    });

    const restoreUrl = `/api/v2/log/${deleted[1]!.logID}/restore`;
    expect((await f.api.post(restoreUrl, {}, { as: f.as.member })).statusCode).toBe(403);
    const restored = await f.api.post(restoreUrl, {}, { as: f.as.moderator });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<ChangeLogEntry>()).toMatchObject({ restoreUserID: f.users.moderator.userID });
    expect((await f.api.post(restoreUrl, {}, { as: f.as.moderator })).statusCode).toBe(409);
    const back = await f.api.get(`/api/v2/comments/${gone.commentID}`, { as: f.as.member });
    expect(back.statusCode).toBe(200);
    expect(back.json<Comment>().body).toContain("<em>soon</em>");
    const after = (await f.api.get(`/api/v2/discussions/${d.discussionID}`, { as: f.admin })).json<Discussion>();
    expect(after.countComments).toBe(2);
    expect((await userCounts(f.api, f.admin, f.users.member.userID)).countComments).toBe(before.countComments - 1);
    expect((await f.api.get(url, { as: f.as.moderator })).json<ChangeLogEntry[]>().map((e) => e.recordID)).toEqual([
      edited.commentID,
    ]);
    void kept;
  });

  it("deleteMethod=tombstone keeps a comment's place with 'This comment has been deleted.'; restore brings it back", async () => {
    const d = await postDiscussion(f.api, f.as.member, { name: "Tombstones", categoryID: f.category.general });
    const first = await postComment(f.api, f.as.member, d.discussionID, "First *words*.");
    const second = await postComment(f.api, f.as.member, d.discussionID, "Second words.");
    const remove = (as = f.as.moderator) =>
      f.api.request("DELETE", "/api/v2/comments/list", {
        as,
        body: { commentIDs: [first.commentID], deleteMethod: "tombstone" },
      });
    expect((await remove(f.as.member)).statusCode).toBe(403);
    const done = await remove();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ progress: { successIDs: number[] } }>().progress.successIDs).toEqual([first.commentID]);

    const comments = (await f.api.get(`/api/v2/comments?discussionID=${d.discussionID}`, { as: f.as.member })).json<
      Comment[]
    >();
    expect(comments.map((comment) => comment.commentID)).toEqual([first.commentID, second.commentID]);
    expect(comments[0]).toMatchObject({ displayMode: "tombstone", body: "This comment has been deleted." });
    expect(comments[1]!.displayMode).toBeUndefined();
    expect(JSON.stringify(comments)).not.toContain("First");
    const after = (await f.api.get(`/api/v2/discussions/${d.discussionID}`, { as: f.admin })).json<Discussion>();
    expect(after.countComments).toBe(2);
    // Nobody edits a tombstone back to life; a second tombstone is no second history entry.
    const edit = await f.api.patch(`/api/v2/comments/${first.commentID}`, { body: "Back?" }, { as: f.as.member });
    expect(edit.statusCode).toBe(409);
    expect((await remove()).statusCode).toBe(200);

    const url = `/api/v2/discussions/${d.discussionID}/deleted-comments`;
    const deleted = (await f.api.get(url, { as: f.as.moderator })).json<ChangeLogEntry[]>();
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ recordID: first.commentID, authorUser: { name: "History Member" } });
    expect(deleted[0]!.body).toContain("<em>words</em>");
    const restored = await f.api.post(`/api/v2/log/${deleted[0]!.logID}/restore`, {}, { as: f.as.moderator });
    expect(restored.statusCode, restored.body).toBe(201);
    const back = (await f.api.get(`/api/v2/comments/${first.commentID}`, { as: f.as.member })).json<Comment>();
    expect(back.displayMode).toBeUndefined();
    expect(back.body).toContain("<em>words</em>");
    expect(
      (await f.api.get(`/api/v2/discussions/${d.discussionID}`, { as: f.admin })).json<Discussion>().countComments,
    ).toBe(2);
  });

  it("logs deleted discussions in the same transaction as the deletion", async () => {
    const d = await postDiscussion(f.api, f.as.member, { name: "Deleted discussion", categoryID: f.category.general });
    expect((await f.api.delete(`/api/v2/discussions/${d.discussionID}`, { as: f.as.moderator })).statusCode).toBe(204);
    const rows = await f.t.database.db
      .selectFrom("changeLog")
      .selectAll()
      .where("recordType", "=", "discussion")
      .where("recordID", "=", d.discussionID)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: "delete", insertUserID: f.users.moderator.userID });
    expect(JSON.parse(rows[0]!.data)).toMatchObject({
      name: "Deleted discussion",
      insertUserID: f.users.member.userID,
    });
  });

  it("records moderators' and admins' actions in the audit log, readable by admins only", async () => {
    const d = await postDiscussion(f.api, f.as.member, { name: "Audited", categoryID: f.category.general });
    await f.api.patch(`/api/v2/discussions/${d.discussionID}`, { closed: true }, { as: f.as.moderator });
    await f.api.patch(`/api/v2/discussions/${d.discussionID}`, { sink: true }, { as: f.as.member });
    expect((await f.api.get("/api/v2/audit-logs", { as: f.as.moderator })).statusCode).toBe(403);
    const response = await f.api.get(`/api/v2/audit-logs?insertUserID=${f.users.moderator.userID}`, { as: f.admin });
    expect(response.statusCode).toBe(200);
    const logs = response.json<AuditLog[]>();
    expectSchema(Type.Array(AuditLog), logs);
    expect(logs[0]).toMatchObject({
      eventType: "patch /discussions/:id",
      requestMethod: "PATCH",
      requestPath: `/api/v2/discussions/${d.discussionID}`,
      insertUserID: f.users.moderator.userID,
    });
    expect(JSON.parse(logs[0]!.context)).toMatchObject({ body: { closed: true } });
    const all = (await f.api.get("/api/v2/audit-logs?limit=500", { as: f.admin })).json<AuditLog[]>();
    expect(all.some((log) => log.insertUserID === f.users.member.userID)).toBe(false);

    // GET /audit-logs/{id} (issue 36): one entry, as the list shows it, to the same administrators.
    const one = await f.api.get(`/api/v2/audit-logs/${logs[0]!.auditLogID}`, { as: f.admin });
    expect(one.statusCode, one.body).toBe(200);
    expectSchema(AuditLog, one.json());
    expect(one.json()).toEqual(logs[0]);
    for (const as of [null, f.as.member, f.as.moderator])
      expect([401, 403]).toContain((await f.api.get(`/api/v2/audit-logs/${logs[0]!.auditLogID}`, { as })).statusCode);
    for (const id of ["999999999", "0", "not-an-id"])
      expect((await f.api.get(`/api/v2/audit-logs/${id}`, { as: f.admin })).statusCode, id).toBe(404);
  });
});
