import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Report, ReportReason, reportMessages, type Comment, type Discussion } from "@parley/contracts";
import { roleIDOfType } from "../../test/accounts.ts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { Type } from "typebox";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "member" | "reporter" | "moderator";

/** Reports (vanilla-reports.yml): flag.add to report, community.moderate for the queue and its actions. */
describe.each(engines)("reports on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Reported Member", role: "member", bypassSpam: true },
      reporter: { name: "Reporting Member", role: "member" },
      moderator: { name: "Report Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("lists the reasons and takes a report of a comment or a discussion with flag.add", async () => {
    const reasons = await f.api.get("/api/v2/report-reasons");
    expect(reasons.json<Array<{ reportReasonID: string }>>().map((r) => r.reportReasonID)).toContain("spam");
    const d = await postDiscussion(f.api, f.as.member, { name: "Reported post", categoryID: f.category.general });
    const c = await postComment(f.api, f.as.member, d.discussionID, "Buy now!");
    const body = { recordType: "comment", recordID: c.commentID, reportReasonIDs: ["spam"], noteBody: "An ad." };
    expect((await f.api.post("/api/v2/reports", body)).statusCode).toBe(403);
    const unknownReason = await f.api.post(
      "/api/v2/reports",
      { ...body, reportReasonIDs: ["nope"] },
      { as: f.as.reporter },
    );
    expect(unknownReason.statusCode).toBe(400);
    expect((await f.api.post("/api/v2/reports", { ...body, recordID: 999999 }, { as: f.as.reporter })).statusCode).toBe(
      404,
    );
    // Nobody reports their own post, a discussion or a comment.
    for (const own of [body, { ...body, recordType: "discussion", recordID: d.discussionID }]) {
      const refused = await f.api.post("/api/v2/reports", own, { as: f.as.member });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(reportMessages.ownPost);
    }
    const created = await f.api.post("/api/v2/reports", body, { as: f.as.reporter });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json<Report>();
    expectSchema(Report, report);
    expect(report).toMatchObject({
      recordType: "comment",
      recordID: c.commentID,
      recordUserID: f.users.member.userID,
      placeRecordType: "category",
      placeRecordID: f.category.general,
      reportReasons: [{ reportReasonID: "spam", name: "Spam" }],
      noteBody: "An ad.",
      status: "new",
      insertUser: { name: "Reporting Member" },
    });
    expect(report.recordName).toBe("Re: Reported post");
    expect(report.recordExcerpt).toBe("Buy now!");
    expect(report.countReports).toBe(1);
  });

  it("keeps the reasons: seeded, managed with community.manage, limited to roles, kept deleted once used", async () => {
    const seeded = (await f.api.get("/api/v2/report-reasons", { as: f.as.reporter })).json<ReportReason[]>();
    expectSchema(Type.Array(ReportReason), seeded);
    expect(seeded.map((r) => r.reportReasonID)).toEqual(["spam", "abuse", "inappropriate", "other"]);
    expect(seeded[0]!.countReports).toBeUndefined();

    const moderatorRole = await roleIDOfType(f.t.database.db, "moderator");
    const staffOnly = {
      reportReasonID: "staff-only",
      name: "Staff",
      description: "For staff.",
      roleIDs: [moderatorRole],
    };
    expect((await f.api.post("/api/v2/report-reasons", staffOnly, { as: f.as.moderator })).statusCode).toBe(403);
    const created = await f.api.post("/api/v2/report-reasons", staffOnly, { as: f.admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ReportReason>()).toMatchObject({ reportReasonID: "staff-only", sort: 5, deleted: false });
    expect((await f.api.post("/api/v2/report-reasons", staffOnly, { as: f.admin })).statusCode).toBe(409);
    const bad = await f.api.post(
      "/api/v2/report-reasons",
      { ...staffOnly, reportReasonID: "Not A Slug" },
      { as: f.admin },
    );
    expect(bad.statusCode).toBe(400);

    // Only its role sees it, and only it may use it.
    const reporterSees = (await f.api.get("/api/v2/report-reasons", { as: f.as.reporter })).json<ReportReason[]>();
    expect(reporterSees.map((r) => r.reportReasonID)).not.toContain("staff-only");
    expect((await f.api.get("/api/v2/report-reasons/staff-only", { as: f.as.reporter })).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/report-reasons/staff-only", { as: f.as.moderator })).statusCode).toBe(200);
    const d = await postDiscussion(f.api, f.as.member, { name: "Reason post", categoryID: f.category.general });
    const reportWith = (as: typeof f.admin, reasons: string[]) =>
      f.api.post(
        "/api/v2/reports",
        { recordType: "discussion", recordID: d.discussionID, reportReasonIDs: reasons },
        { as },
      );
    expect((await reportWith(f.as.reporter, ["staff-only"])).statusCode).toBe(400);
    const used = await reportWith(f.as.moderator, ["staff-only"]);
    expect(used.statusCode, used.body).toBe(201);

    const renamed = await f.api.patch("/api/v2/report-reasons/staff-only", { name: "Staff note" }, { as: f.admin });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ReportReason>()).toMatchObject({
      name: "Staff note",
      updateUserID: f.adminID,
      countReports: 1,
    });
    expect(
      (await f.api.patch("/api/v2/report-reasons/staff-only", { name: "X" }, { as: f.as.moderator })).statusCode,
    ).toBe(403);
    const sorted = await f.api.put("/api/v2/report-reasons/sorts", { "staff-only": 0 }, { as: f.admin });
    expect(sorted.statusCode, sorted.body).toBe(204);
    const order = (await f.api.get("/api/v2/report-reasons", { as: f.admin })).json<ReportReason[]>();
    expect(order[0]).toMatchObject({ reportReasonID: "staff-only", countReports: 1 });

    // Used: kept as deleted; its report still names it.
    expect((await f.api.delete("/api/v2/report-reasons/staff-only", { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get("/api/v2/report-reasons/staff-only", { as: f.admin })).statusCode).toBe(404);
    const withDeleted = await f.api.get("/api/v2/report-reasons?includeDeleted=true", { as: f.admin });
    expect(withDeleted.json<ReportReason[]>().find((r) => r.reportReasonID === "staff-only")).toMatchObject({
      deleted: true,
    });
    expect((await f.api.get("/api/v2/report-reasons?includeDeleted=true", { as: f.as.reporter })).statusCode).toBe(403);
    const kept = await f.api.get(`/api/v2/reports/${used.json<Report>().reportID}`, { as: f.as.moderator });
    expect(kept.json<Report>().reportReasons).toEqual([
      { reportReasonID: "staff-only", name: "Staff note", description: "For staff.", sort: 0, deleted: true },
    ]);
    expect((await reportWith(f.as.moderator, ["staff-only"])).statusCode).toBe(400);
    // Unused: gone.
    const spare = { reportReasonID: "spare_1", name: "Spare", description: "", roleIDs: [] };
    expect((await f.api.post("/api/v2/report-reasons", spare, { as: f.admin })).statusCode).toBe(201);
    expect((await f.api.delete("/api/v2/report-reasons/spare_1", { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get("/api/v2/report-reasons/spare_1?includeDeleted=true", { as: f.admin })).statusCode).toBe(
      404,
    );
  });

  it("shows the queue and a record's reports to moderators only; dismiss and act", async () => {
    const d = await postDiscussion(f.api, f.as.member, { name: "Queue post", categoryID: f.category.general });
    const c = await postComment(f.api, f.as.member, d.discussionID, "Rude.");
    const report = (kind: "discussion" | "comment", id: number, reasons = ["abuse"]) =>
      f.api
        .post("/api/v2/reports", { recordType: kind, recordID: id, reportReasonIDs: reasons }, { as: f.as.reporter })
        .then((r) => r.json<Report>());
    const onDiscussion = await report("discussion", d.discussionID, ["inappropriate", "other"]);
    const onComment = await report("comment", c.commentID);
    const again = await report("comment", c.commentID);

    expect((await f.api.get("/api/v2/reports", { as: f.as.reporter })).statusCode).toBe(403);
    const queue = await f.api.get("/api/v2/reports", { as: f.as.moderator });
    expect(queue.statusCode).toBe(200);
    expectSchema(Type.Array(Report), queue.json());
    const ids = queue.json<Report[]>().map((r) => r.reportID);
    expect(ids.slice(0, 3)).toEqual([again.reportID, onComment.reportID, onDiscussion.reportID]);
    const forComment = await f.api.get(`/api/v2/reports?recordType=comment&recordID=${c.commentID}`, {
      as: f.as.moderator,
    });
    expect(forComment.json<Report[]>().map((r) => r.reportID)).toEqual([again.reportID, onComment.reportID]);
    expect(forComment.headers["x-app-page-result-count"]).toBe("2");

    const dismissed = await f.api.post(`/api/v2/reports/${onDiscussion.reportID}/dismiss`, {}, { as: f.as.moderator });
    expect(dismissed.statusCode).toBe(201);
    expect(dismissed.json<Report>()).toMatchObject({ status: "dismissed", updateUserID: f.users.moderator.userID });
    expect(
      (await f.api.post(`/api/v2/reports/${onComment.reportID}/dismiss`, {}, { as: f.as.reporter })).statusCode,
    ).toBe(403);
    const newOnes = (await f.api.get("/api/v2/reports", { as: f.as.moderator })).json<Report[]>();
    expect(newOnes.some((r) => r.reportID === onDiscussion.reportID)).toBe(false);
    const dismissedList = (await f.api.get("/api/v2/reports?status=dismissed", { as: f.as.moderator })).json<
      Report[]
    >();
    expect(dismissedList.map((r) => r.reportID)).toContain(onDiscussion.reportID);

    const acted = await f.api.patch(`/api/v2/reports/${onComment.reportID}/reject-record`, {}, { as: f.as.moderator });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(acted.json<Report>().status).toBe("escalated");
    expect((await f.api.get(`/api/v2/comments/${c.commentID}`, { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/reports/${again.reportID}`, { as: f.as.moderator })).json<Report>().status).toBe(
      "escalated",
    );
  });

  it("counts open reports in reportMeta for moderators, batched (fixed queries)", async () => {
    const d = await postDiscussion(f.api, f.as.member, { name: "Meta post", categoryID: f.category.general });
    const comments = [];
    for (const text of ["A.", "B.", "C."]) comments.push(await postComment(f.api, f.as.member, d.discussionID, text));
    const report = (kind: string, id: number) =>
      f.api.post(
        "/api/v2/reports",
        { recordType: kind, recordID: id, reportReasonIDs: ["spam"] },
        { as: f.as.reporter },
      );
    await report("comment", comments[0]!.commentID);
    await report("comment", comments[0]!.commentID);
    await report("comment", comments[2]!.commentID);
    const dismissed = (await report("comment", comments[2]!.commentID)).json<Report>();
    await f.api.post(`/api/v2/reports/${dismissed.reportID}/dismiss`, {}, { as: f.as.moderator });
    await report("discussion", d.discussionID);

    const url = `/api/v2/comments?discussionID=${d.discussionID}&expand=reportMeta`;
    const result = await f.api.get(url, { as: f.as.moderator });
    const metas = result.json<Comment[]>().map((c) => c.reportMeta?.countReports);
    expect(metas).toEqual([2, 0, 1]);
    expect(result.json<Comment[]>()[0]!.reportMeta!.dateLastReport).toMatch(/\+00:00$/);
    const fewest = (path: string) => fewestQueries(() => f.api.get(path, { as: f.as.moderator }));
    expect(await fewest(`${url}&limit=1`)).toBe(await fewest(url));
    // Members never see it.
    expect((await f.api.get(url, { as: f.as.reporter })).json<Comment[]>()[0]!.reportMeta).toBeUndefined();
    const discussion = await f.api.get(`/api/v2/discussions/${d.discussionID}?expand=reportMeta`, {
      as: f.as.moderator,
    });
    expect(discussion.json<Discussion>().reportMeta).toMatchObject({ countReports: 1 });
  });
});
