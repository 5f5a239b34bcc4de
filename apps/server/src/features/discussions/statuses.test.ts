import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  Discussion,
  RecordStatus,
  StatusLog,
  type Discussion as DiscussionRecord,
  type IdeaAttributes,
  type IdeaStatus,
  type StatusLog as StatusLogRecord,
} from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  getDiscussions,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "member" | "moderator";

/*
 * Issue 36: the idea statuses an administrator adds, changes and deletes (dashboard-statuses.yml), the log of a
 * discussion's status changes, and a discussion's canonical address.
 */
describe.each(engines)("idea statuses, the status log and canonical addresses on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let categoryID: number;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Status Author", role: "member", bypassSpam: true },
      member: { name: "Status Member", role: "member", bypassSpam: true },
      moderator: { name: "Status Moderator", role: "moderator", bypassSpam: true },
    });
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Roadmap", urlcode: "roadmap", allowedDiscussionTypes: ["idea", "discussion"] },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    categoryID = created.json<{ categoryID: number }>().categoryID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const postIdea = async (name: string) => {
    const response = await f.api.post(
      "/api/v2/discussions/idea",
      { name, body: "Please.", format: "markdown", categoryID },
      { as: f.as.author },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DiscussionRecord>();
  };
  const ideaOf = async (id: number) =>
    (await f.api.get(`/api/v2/discussions/${id}`, { as: f.as.member })).json<DiscussionRecord>().attributes[
      "idea"
    ] as IdeaAttributes;
  const setStatus = (id: number, statusID: number, as: Session = f.as.moderator, statusNotes: string | null = null) =>
    f.api.patch(`/api/v2/discussions/${id}/idea`, { statusID, statusNotes }, { as });

  it("POST, PATCH and DELETE /discussions/statuses: administrators' own statuses; the built-in ones are read only", async () => {
    const body = { name: "Needs votes", state: "open" };
    for (const as of [null, f.as.member, f.as.moderator])
      expect([401, 403]).toContain((await f.api.post("/api/v2/discussions/statuses", body, { as })).statusCode);
    expect((await f.api.post("/api/v2/discussions/statuses", { state: "open" }, { as: f.admin })).statusCode).toBe(400);
    expect((await f.api.post("/api/v2/discussions/statuses", { name: "  " }, { as: f.admin })).statusCode).toBe(400);
    expect(
      (await f.api.post("/api/v2/discussions/statuses", { name: "x".repeat(101) }, { as: f.admin })).statusCode,
    ).toBe(400);

    const created = await f.api.post("/api/v2/discussions/statuses", body, { as: f.admin });
    expect(created.statusCode, created.body).toBe(201);
    expectSchema(RecordStatus, created.json());
    const status = created.json<IdeaStatus>();
    expect(status).toMatchObject({ name: "Needs votes", state: "open", isSystem: false, isDefault: false });
    expect(status.statusID).toBeGreaterThan(6);
    const listed = await f.api.get("/api/v2/discussions/statuses", { as: null });
    expect(listed.json<IdeaStatus[]>().map((item) => item.name)).toContain("Needs votes");
    expect((await f.api.get(`/api/v2/discussions/statuses/${status.statusID}`, { as: null })).json()).toEqual(status);

    // PATCH takes only its schema's fields, from administrators only.
    const path = `/api/v2/discussions/statuses/${status.statusID}`;
    expect((await f.api.patch(path, { name: "Hacked" }, { as: f.as.moderator })).statusCode).toBe(403);
    const renamed = await f.api.patch(
      path,
      { name: "Gathering votes", state: "closed", isSystem: true },
      { as: f.admin },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Gathering votes", state: "closed", isSystem: false });
    expect((await f.api.patch(path, { state: "pending" }, { as: f.admin })).statusCode).toBe(400);

    // The six built in are not changed nor deleted.
    expect((await f.api.patch("/api/v2/discussions/statuses/3", { name: "Soon" }, { as: f.admin })).statusCode).toBe(
      400,
    );
    expect((await f.api.delete("/api/v2/discussions/statuses/3", { as: f.admin })).statusCode).toBe(400);
    expect((await f.api.delete("/api/v2/discussions/statuses/999", { as: f.admin })).statusCode).toBe(404);

    // A status some idea has is not deleted; once the idea moves on, it is.
    const idea = await postIdea("Status in use");
    expect((await setStatus(idea.discussionID, status.statusID)).statusCode).toBe(200);
    expect(await ideaOf(idea.discussionID)).toMatchObject({
      statusID: status.statusID,
      status: { name: "Gathering votes", state: "closed" },
    });
    const inUse = await f.api.delete(path, { as: f.admin });
    expect(inUse.statusCode, inUse.body).toBe(409);
    expect(inUse.json<{ message: string }>().message).toBe("This status is in use by 1 idea.");
    expect((await f.api.delete(path, { as: f.as.moderator })).statusCode).toBe(403);
    expect((await setStatus(idea.discussionID, 2)).statusCode).toBe(200);
    expect((await f.api.delete(path, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(path, { as: f.admin })).statusCode).toBe(404);
  });

  it("a custom status is set, filtered on, and made the default without relabelling the ideas that had the old one", async () => {
    const made = await f.api.post("/api/v2/discussions/statuses", { name: "Shortlisted" }, { as: f.admin });
    const shortlisted = made.json<IdeaStatus>().statusID;
    const chosen = await postIdea("Shortlisted idea");
    const untouched = await postIdea("Untouched idea");
    expect((await setStatus(chosen.discussionID, shortlisted)).statusCode).toBe(200);
    const filtered = await getDiscussions(f.api, `categoryID=${categoryID}&statusID=${shortlisted}`, f.as.member);
    expect(filtered.map((item) => item.discussionID)).toEqual([chosen.discussionID]);

    // A new default: new ideas take it; an idea that had Active keeps Active.
    const patched = await f.api.patch(
      `/api/v2/discussions/statuses/${shortlisted}`,
      { isDefault: true },
      { as: f.admin },
    );
    expect(patched.json<IdeaStatus>().isDefault).toBe(true);
    const statuses = (await f.api.get("/api/v2/discussions/statuses", { as: null })).json<IdeaStatus[]>();
    expect(statuses.filter((item) => item.isDefault).map((item) => item.statusID)).toEqual([shortlisted]);
    expect((await ideaOf(untouched.discussionID)).statusID).toBe(1);
    const fresh = await postIdea("Fresh idea");
    expect((await ideaOf(fresh.discussionID)).statusID).toBe(shortlisted);
    const active = await getDiscussions(f.api, `categoryID=${categoryID}&statusID=1`, f.as.member);
    expect(active.map((item) => item.discussionID)).toContain(untouched.discussionID);
    expect(active.map((item) => item.discussionID)).not.toContain(fresh.discussionID);
    // The default is moved, never removed, and not deleted.
    const path = `/api/v2/discussions/statuses/${shortlisted}`;
    expect((await f.api.patch(path, { isDefault: false }, { as: f.admin })).statusCode).toBe(400);
    expect((await f.api.delete(path, { as: f.admin })).statusCode).toBe(400);
    // A built-in status is made the default again (that alone is changed of it); the ideas keep theirs.
    const builtIn = "/api/v2/discussions/statuses/1";
    expect((await f.api.patch(builtIn, { isDefault: true, name: "Live" }, { as: f.admin })).statusCode).toBe(400);
    const back = await f.api.patch(builtIn, { isDefault: true }, { as: f.admin });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ statusID: 1, name: "Active", isDefault: true, isSystem: true });
    expect((await ideaOf(fresh.discussionID)).statusID).toBe(shortlisted);
    expect((await ideaOf((await postIdea("Later idea")).discussionID)).statusID).toBe(1);
  });

  it("GET /discussions/{id}/status-log lists each change (who, when, from, to, notes) to whoever may view it", async () => {
    const idea = await postIdea("Logged idea");
    expect((await setStatus(idea.discussionID, 3, f.as.moderator, "Next quarter.")).statusCode).toBe(200);
    // The same status again is no change.
    expect((await setStatus(idea.discussionID, 3, f.as.moderator, "Still next quarter.")).statusCode).toBe(200);
    f.t.clock.advance(86_400_000);
    expect((await setStatus(idea.discussionID, 5, f.admin)).statusCode).toBe(200);

    const log = await f.api.get(`/api/v2/discussions/${idea.discussionID}/status-log`, { as: null });
    expect(log.statusCode, log.body).toBe(200);
    expectSchema(Type.Array(StatusLog), log.json());
    const entries = log.json<StatusLogRecord[]>();
    const defaultID = (await f.api.get("/api/v2/discussions/statuses", { as: null }))
      .json<IdeaStatus[]>()
      .find((item) => item.isDefault)!.statusID;
    expect(entries).toEqual([
      {
        statusID: 5,
        previousStatusID: 3,
        insertUserID: f.adminID,
        dateInserted: expect.stringMatching(/\+00:00$/) as string,
        recordType: "discussion",
        recordID: String(idea.discussionID),
        reason: null,
      },
      {
        statusID: 3,
        previousStatusID: defaultID,
        insertUserID: f.users.moderator.userID,
        dateInserted: expect.stringMatching(/\+00:00$/) as string,
        recordType: "discussion",
        recordID: String(idea.discussionID),
        reason: "Next quarter.",
      },
    ]);
    // The server's clock dates each change: the second a day after the first.
    const [later, earlier] = entries.map((entry) => Date.parse(entry.dateInserted));
    expect(later! - earlier!).toBeGreaterThanOrEqual(86_400_000);
    const paged = await f.api.get(`/api/v2/discussions/${idea.discussionID}/status-log?limit=1&page=2`, {
      as: f.as.member,
    });
    expect(paged.json<StatusLogRecord[]>().map((entry) => entry.statusID)).toEqual([3]);
    expect(
      (await f.api.get(`/api/v2/discussions/${idea.discussionID}/status-log?limit=0`, { as: null })).statusCode,
    ).toBe(400);
    expect((await f.api.get("/api/v2/discussions/999999/status-log", { as: null })).statusCode).toBe(404);
    // A discussion never given a status has none.
    const plain = await postDiscussion(f.api, f.as.author, { name: "No status", categoryID });
    expect((await f.api.get(`/api/v2/discussions/${plain.discussionID}/status-log`, { as: null })).json()).toEqual([]);
  });

  it("PUT and DELETE /discussions/{id}/canonical-url: moderators set a valid address; the record shows it", async () => {
    const post = await postDiscussion(f.api, f.as.author, { name: "Copied from elsewhere", categoryID });
    const path = `/api/v2/discussions/${post.discussionID}/canonical-url`;
    const address = "https://original.example/threads/42?page=1";
    for (const as of [null, f.as.member, f.as.author])
      expect([401, 403]).toContain((await f.api.put(path, { canonicalUrl: address }, { as })).statusCode);
    for (const bad of ["not a url", "javascript:alert(1)", "ftp://files.example/x", "https://u:p@example.com/", ""])
      expect((await f.api.put(path, { canonicalUrl: bad }, { as: f.as.moderator })).statusCode, bad).toBe(400);
    expect((await f.api.put(path, {}, { as: f.as.moderator })).statusCode).toBe(400);
    expect(
      (await f.api.put(path, { canonicalUrl: `https://e.example/${"x".repeat(500)}` }, { as: f.as.moderator }))
        .statusCode,
    ).toBe(400);

    const set = await f.api.put(path, { canonicalUrl: address }, { as: f.as.moderator });
    expect(set.statusCode, set.body).toBe(200);
    expectSchema(Discussion, set.json());
    expect(set.json<DiscussionRecord>().canonicalUrl).toBe(address);
    const read = (await f.api.get(`/api/v2/discussions/${post.discussionID}`, { as: null })).json<DiscussionRecord>();
    expect(read.canonicalUrl).toBe(address);
    expect(read.url).not.toBe(address);

    expect((await f.api.delete(path, { as: f.as.member })).statusCode).toBe(403);
    const removed = await f.api.delete(path, { as: f.as.moderator });
    expect(removed.statusCode, removed.body).toBe(204);
    const own = (await f.api.get(`/api/v2/discussions/${post.discussionID}`, { as: null })).json<DiscussionRecord>();
    expect(own.canonicalUrl).toBe(own.url);
    expect(
      (await f.api.put("/api/v2/discussions/999999/canonical-url", { canonicalUrl: address }, { as: f.admin }))
        .statusCode,
    ).toBe(404);
  });
});
