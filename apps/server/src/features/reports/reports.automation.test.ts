import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { ReportCounter, type Discussion, type ReportCounter as ReportCounterRecord } from "@parley/contracts";
import { roleIDOfType } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

/* `GET /reports/automation` (issue 36): the posts reported at least n times, for moderators. */

const cast = {
  author: { name: "Counted Author", role: "member", bypassSpam: true },
  one: { name: "Reporter One", role: "member" },
  two: { name: "Reporter Two", role: "member" },
  three: { name: "Reporter Three", role: "member" },
  moderator: { name: "Counter Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("GET /reports/automation on %s", (engine) => {
  let f: ContentFixture<Who>;
  let thrice: Discussion;
  let once: Discussion;
  let hiddenPost: Discussion;
  let commentID: number;

  const report = async (who: Who, recordType: string, recordID: number, reportReasonIDs: string[]) => {
    const response = await f.api.post("/api/v2/reports", { recordType, recordID, reportReasonIDs }, { as: f.as[who] });
    expect(response.statusCode, response.body).toBe(201);
  };
  const counters = async (query: string, as = f.as.moderator) => {
    const response = await f.api.get(`/api/v2/reports/automation?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<ReportCounterRecord[]>();
    expectSchema(Type.Array(ReportCounter), items);
    return items;
  };
  const keys = (items: ReportCounterRecord[]) => items.map((item) => `${item.recordType}:${item.recordID}`);

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    thrice = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general, name: "Reported thrice" });
    once = await postDiscussion(f.api, f.as.author, { categoryID: f.category.installation, name: "Reported once" });
    hiddenPost = await postDiscussion(f.api, f.as.author, { categoryID: f.category["off-topic"], name: "Hidden" });
    commentID = (await postComment(f.api, f.as.author, once.discussionID, "A reported <b>reply</b>.")).commentID;
    await report("one", "discussion", thrice.discussionID, ["spam"]);
    await report("two", "discussion", thrice.discussionID, ["spam", "abuse"]);
    await report("three", "discussion", thrice.discussionID, ["inappropriate"]);
    await report("one", "discussion", once.discussionID, ["abuse"]);
    await report("one", "comment", commentID, ["spam"]);
    await report("two", "comment", commentID, ["spam"]);
    await report("one", "discussion", hiddenPost.discussionID, ["spam"]);
    await report("two", "discussion", hiddenPost.discussionID, ["spam"]);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("lists the posts with at least countReports open reports, with their reasons and category", async () => {
    const all = await counters("countReports=1&limit=500");
    expect(keys(all)).toEqual(
      expect.arrayContaining([
        `discussion:${thrice.discussionID}`,
        `discussion:${once.discussionID}`,
        `comment:${commentID}`,
      ]),
    );
    const atLeastThree = await counters("countReports=3");
    expect(keys(atLeastThree)).toEqual([`discussion:${thrice.discussionID}`]);
    expect(atLeastThree[0]).toMatchObject({
      recordName: "Reported thrice",
      placeRecordType: "category",
      placeRecordID: f.category.general,
      countReports: 3,
    });
    expect(atLeastThree[0]!.reportReasons.map((reason) => reason.reportReasonID).sort()).toEqual([
      "abuse",
      "inappropriate",
      "spam",
    ]);
    const comment = (await counters("countReports=2")).find((item) => item.recordType === "comment")!;
    expect(comment.recordHtml).toContain("&lt;b&gt;");
    expect(comment.countReports).toBe(2);
  });

  it("counts only the reports of reportReasonID, and only the categories asked", async () => {
    expect(keys(await counters("countReports=2&reportReasonID=spam"))).toEqual(
      expect.arrayContaining([`discussion:${thrice.discussionID}`, `comment:${commentID}`]),
    );
    expect(keys(await counters("countReports=3&reportReasonID=spam"))).toEqual([]);
    expect(keys(await counters(`countReports=1&placeRecordID=${f.category.installation}`))).toEqual([
      `comment:${commentID}`,
      `discussion:${once.discussionID}`,
    ]);
    const help = await counters(`countReports=1&placeRecordID=${f.category.help}&includeSubcategories=true`);
    expect(keys(help).sort()).toEqual([`comment:${commentID}`, `discussion:${once.discussionID}`].sort());
    expect(await counters(`countReports=1&placeRecordID=${f.category.help}`)).toEqual([]);
  });

  it("leaves out dismissed reports and the categories the moderator may not read", async () => {
    const listed = await f.api.get(`/api/v2/reports?recordType=discussion&recordID=${once.discussionID}`, {
      as: f.as.moderator,
    });
    const [open] = listed.json<Array<{ reportID: number }>>();
    expect((await f.api.post(`/api/v2/reports/${open!.reportID}/dismiss`, {}, { as: f.as.moderator })).statusCode).toBe(
      201,
    );
    expect(keys(await counters("countReports=1&limit=500"))).not.toContain(`discussion:${once.discussionID}`);

    expect(keys(await counters("countReports=2"))).toContain(`discussion:${hiddenPost.discussionID}`);
    // The moderator role loses view in Off-Topic: its reported posts leave the moderator's answer, not the admin's.
    const moderatorRole = await roleIDOfType(f.t.database.db, "moderator");
    const patched = await f.api.patch(
      `/api/v2/roles/${moderatorRole}`,
      { permissions: [{ type: "category", id: f.category["off-topic"], permissions: { "discussions.view": false } }] },
      { as: f.admin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(keys(await counters("countReports=2"))).not.toContain(`discussion:${hiddenPost.discussionID}`);
    expect(keys(await counters("countReports=2", f.admin))).toContain(`discussion:${hiddenPost.discussionID}`);
  });

  it("pages, and refuses bad input", async () => {
    const first = await f.api.get("/api/v2/reports/automation?countReports=1&limit=1", { as: f.as.moderator });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    expect(first.headers["link"]).toContain("page=2");
    for (const query of ["countReports=0", "limit=501", "page=0", "countReports=abc"]) {
      const response = await f.api.get(`/api/v2/reports/automation?${query}`, { as: f.as.moderator });
      expect([400, 422], query).toContain(response.statusCode);
    }
  });

  it("is for moderators: guests and members are refused", async () => {
    expect((await f.api.get("/api/v2/reports/automation?countReports=1")).statusCode).toBe(403);
    const member = await f.api.get("/api/v2/reports/automation?countReports=1", { as: f.as.one });
    expect(member.statusCode).toBe(403);
    expect(member.json<{ description: string }>().description).toContain("community.moderate");
  });
});
