import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Value } from "typebox/value";
import {
  alreadyScheduledBy,
  Draft,
  DraftEdit,
  draftMessages,
  paginationHeaders,
  type Draft as DraftRecord,
  type ErrorBody,
} from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import type { Session } from "../../test/accounts.ts";
import { createContentFixture, membersMayView, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  alice: { name: "Dora", role: "member", bypassSpam: true },
  bob: { name: "Dan", role: "member", bypassSpam: true },
  mod: { name: "Mona", role: "moderator", bypassSpam: true },
  mod2: { name: "Milo", role: "moderator", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

const DraftList = Type.Array(Draft);
const rich2 = (text: string) => JSON.stringify([{ type: "p", children: [{ text }] }]);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe.each(engines)("drafts on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const check = (draft: unknown) => {
    expect(Value.Check(Draft, draft), JSON.stringify([...Value.Errors(Draft, draft)][0])).toBe(true);
    return draft as DraftRecord;
  };
  const create = async (as: Session, body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/drafts", body, { as });
    expect(response.statusCode, response.body).toBe(201);
    return check(response.json());
  };
  const discussionDraft = (as: Session, name = "Half a thought", extra: Record<string, unknown> = {}) =>
    create(as, {
      recordType: "discussion",
      parentRecordType: "category",
      parentRecordID: f.category.general,
      attributes: {
        body: rich2(`${name}, written slowly.`),
        format: "rich2",
        draftType: "discussion",
        draftMeta: { name, categoryID: f.category.general, pinLocation: "none" },
      },
      ...extra,
    });
  const commentDraft = (as: Session, discussionID: number, text: string, extra: Record<string, unknown> = {}) =>
    create(as, {
      recordType: "comment",
      parentRecordType: "discussion",
      parentRecordID: discussionID,
      attributes: { body: rich2(text), format: "rich2", draftType: "comment", draftMeta: { commentParentID: null } },
      ...extra,
    });

  it("saves, shows, updates and deletes a member's own draft, and no one else's", async () => {
    const draft = await discussionDraft(f.as.alice, "My long post");
    expect(draft).toMatchObject({
      recordType: "discussion",
      parentRecordType: "category",
      parentRecordID: f.category.general,
      insertUserID: f.users.alice.userID,
      draftStatus: "draft",
      dateScheduled: null,
      name: "My long post",
      excerpt: "My long post, written slowly.",
      editUrl: `http://forum.test/post/editdiscussion/0/${draft.draftID}`,
    });
    const got = await f.api.get(`/api/v2/drafts/${draft.draftID}`, { as: f.as.alice });
    expect(got.json()).toEqual(draft);
    // Only the owner sees it: another member, a moderator and a guest do not.
    for (const as of [f.as.bob, f.as.mod]) {
      expect((await f.api.get(`/api/v2/drafts/${draft.draftID}`, { as })).statusCode).toBe(404);
      expect((await f.api.patch(`/api/v2/drafts/${draft.draftID}`, { attributes: {} }, { as })).statusCode).toBe(404);
      expect((await f.api.delete(`/api/v2/drafts/${draft.draftID}`, { as })).statusCode).toBe(404);
    }
    expect((await f.api.get("/api/v2/drafts", { as: null })).statusCode).toBe(403);
    expect(
      (await f.api.post("/api/v2/drafts", { recordType: "comment", attributes: {} }, { as: null })).statusCode,
    ).toBe(403);

    const patched = await f.api.patch(
      `/api/v2/drafts/${draft.draftID}`,
      { attributes: { ...draft.attributes, body: rich2("Changed my mind.") } },
      { as: f.as.alice },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(check(patched.json())).toMatchObject({ excerpt: "Changed my mind.", updateUserID: f.users.alice.userID });

    const edit = await f.api.get(`/api/v2/drafts/${draft.draftID}/edit`, { as: f.as.alice });
    expect(Value.Check(DraftEdit, edit.json())).toBe(true);
    expect(edit.json()).toMatchObject({
      draftID: draft.draftID,
      attributes: { format: "rich2", draftMeta: { name: "My long post", pinLocation: "none", pinned: false } },
    });

    expect((await f.api.delete(`/api/v2/drafts/${draft.draftID}`, { as: f.as.alice })).statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/drafts/${draft.draftID}`, { as: f.as.alice })).statusCode).toBe(404);
  });

  it("never drafts in a discussion the member may not view, nor lends a draft the name of one no longer viewable", async () => {
    const hidden = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "Staff secret" });
    const hide = (view: boolean) => membersMayView(f, f.category["off-topic"], view);
    // Bob drafts a reply while he may still view the discussion.
    const kept = await commentDraft(f.as.bob, hidden.discussionID, "Before it was hidden");
    expect(kept.name).toBe("Staff secret");
    expect((await hide(false)).statusCode).toBe(200);
    try {
      // A guessed ID is not found, on creation and on change, and nothing is saved.
      const guessed = await f.api.post(
        "/api/v2/drafts",
        {
          recordType: "comment",
          parentRecordType: "discussion",
          parentRecordID: hidden.discussionID,
          attributes: { body: rich2("Guess"), format: "rich2" },
        },
        { as: f.as.alice },
      );
      expect(guessed.statusCode).toBe(403);
      expect(guessed.body).not.toContain("Staff secret");
      const mine = await commentDraft(
        f.as.alice,
        (await postDiscussion(f.api, f.as.alice, { categoryID: f.category.general })).discussionID,
        "Mine",
      );
      const moved = await f.api.patch(
        `/api/v2/drafts/${mine.draftID}`,
        { parentRecordID: hidden.discussionID },
        { as: f.as.alice },
      );
      expect(moved.statusCode).toBe(403);
      expect(moved.body).not.toContain("Staff secret");
      const update = await f.api.post(
        "/api/v2/drafts",
        {
          recordType: "discussion",
          recordID: hidden.discussionID,
          attributes: { body: rich2("Edit"), format: "rich2" },
        },
        { as: f.as.alice },
      );
      expect(update.statusCode).toBe(403);
      // The draft saved before keeps its text, without the discussion's name.
      const again = await f.api.get(`/api/v2/drafts/${kept.draftID}`, { as: f.as.bob });
      expect(again.statusCode).toBe(200);
      expect(again.json<DraftRecord>().name).toBe("");
      expect((await f.api.get("/api/v2/drafts", { as: f.as.bob })).body).not.toContain("Staff secret");
      // The other tests count these members' drafts.
      for (const [draft, as] of [
        [kept, f.as.bob],
        [mine, f.as.alice],
      ] as const)
        expect((await f.api.delete(`/api/v2/drafts/${draft.draftID}`, { as })).statusCode).toBe(204);
    } finally {
      expect((await hide(true)).statusCode).toBe(200);
    }
  });

  it("maps an old-style discussion draft's announce and defaults the format to rich2", async () => {
    for (const [announce, pinLocation] of [
      [0, "none"],
      [1, "category"],
      [2, "recent"],
    ] as const) {
      const draft = await create(f.as.bob, {
        recordType: "discussion",
        attributes: { name: "Old style", body: "Plain words", categoryID: f.category.help, announce },
      });
      const edit = (await f.api.get(`/api/v2/drafts/${draft.draftID}/edit`, { as: f.as.bob })).json<DraftEdit>();
      expect(edit.attributes).toMatchObject({
        format: "rich2",
        draftMeta: { name: "Old style", categoryID: f.category.help, pinLocation, pinned: pinLocation !== "none" },
      });
      await f.api.delete(`/api/v2/drafts/${draft.draftID}`, { as: f.as.bob });
    }
  });

  it("lists only the member's drafts, newest change first, filtered, paged with headers, in a fixed number of queries", async () => {
    const d = await postDiscussion(f.api, f.as.bob, { categoryID: f.category.general, name: "Where comments go" });
    const made: DraftRecord[] = [];
    for (let i = 0; i < 5; i++) made.push(await commentDraft(f.as.alice, d.discussionID, `Reply ${i}`));
    made.push(await discussionDraft(f.as.alice, "Another"));
    await commentDraft(f.as.bob, d.discussionID, "Bob's own");

    const all = await f.api.get("/api/v2/drafts", { as: f.as.alice });
    expect(all.statusCode).toBe(200);
    const items = all.json<DraftRecord[]>();
    expect(Value.Check(DraftList, items)).toBe(true);
    expect(items.map((item) => item.draftID)).toEqual(made.map((item) => item.draftID).reverse());
    expect(items.every((item) => item.insertUserID === f.users.alice.userID)).toBe(true);
    const comment = items.find((item) => item.recordType === "comment")!;
    expect(comment.name).toBe("Where comments go");
    expect(comment.editUrl).toBe(
      `http://forum.test/discussion/${d.discussionID}/where-comments-go?hasDraft=true#create-comment`,
    );

    const comments = await f.api.get(
      `/api/v2/drafts?recordType=comment&parentRecordID=${d.discussionID}&limit=2&page=2`,
      { as: f.as.alice },
    );
    expect(comments.json<DraftRecord[]>().map((item) => item.draftID)).toEqual(
      made
        .slice(1, 3)
        .map((item) => item.draftID)
        .reverse(),
    );
    expect(comments.headers[paginationHeaders.resultCount]).toBe("5");
    expect(comments.headers[paginationHeaders.current]).toBe("2");
    expect(String(comments.headers.link)).toContain('rel="next"');

    const oldest = await f.api.get("/api/v2/drafts?sort=dateInserted&limit=1", { as: f.as.alice });
    expect(oldest.json<DraftRecord[]>()[0]!.draftID).toBe(made[0]!.draftID);
    expect((await f.api.get("/api/v2/drafts?draftStatus=scheduled", { as: f.as.alice })).json()).toEqual([]);
    expect((await f.api.get("/api/v2/drafts?dateUpdated=nonsense", { as: f.as.alice })).statusCode).toBe(400);

    const small = await fewestQueries(() => f.api.get("/api/v2/drafts?sort=dateInserted&limit=1", { as: f.as.alice }));
    const large = () => f.api.get("/api/v2/drafts?limit=30", { as: f.as.alice });
    expect((await large()).json<unknown[]>().length).toBe(6);
    expect(await fewestQueries(large)).toBe(small);
    for (const item of items) await f.api.delete(`/api/v2/drafts/${item.draftID}`, { as: f.as.alice });
  });

  it("deletes the draft a post was made from", async () => {
    const draft = await discussionDraft(f.as.alice, "Ready now");
    const posted = await f.api.post(
      "/api/v2/discussions",
      {
        name: "Ready now",
        body: "Posted.",
        format: "markdown",
        categoryID: f.category.general,
        draftID: draft.draftID,
      },
      { as: f.as.alice },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await f.api.get(`/api/v2/drafts/${draft.draftID}`, { as: f.as.alice })).statusCode).toBe(404);

    const d = posted.json<{ discussionID: number }>();
    const commentDraftRecord = await commentDraft(f.as.alice, d.discussionID, "A reply in progress");
    // Someone else naming my draft does not delete it.
    const other = await f.api.post(
      "/api/v2/comments",
      { discussionID: d.discussionID, body: "Hi", format: "markdown", draftID: commentDraftRecord.draftID },
      { as: f.as.bob },
    );
    expect(other.statusCode).toBe(201);
    expect((await f.api.get(`/api/v2/drafts/${commentDraftRecord.draftID}`, { as: f.as.alice })).statusCode).toBe(200);
    const mine = await f.api.post(
      "/api/v2/comments",
      { discussionID: d.discussionID, body: "Done", format: "markdown", draftID: commentDraftRecord.draftID },
      { as: f.as.alice },
    );
    expect(mine.statusCode).toBe(201);
    expect((await f.api.get(`/api/v2/drafts/${commentDraftRecord.draftID}`, { as: f.as.alice })).statusCode).toBe(404);
  });

  it("schedules with schedule.allow only, reschedules and cancels with reference §10's messages", async () => {
    const memberTry = await f.api.post(
      "/api/v2/drafts",
      {
        recordType: "discussion",
        attributes: { body: "x", draftMeta: { name: "x", categoryID: f.category.general } },
        draftStatus: "scheduled",
        dateScheduled: inAnHour(),
      },
      { as: f.as.alice },
    );
    expect(memberTry.statusCode).toBe(403);
    expect(memberTry.json()).toMatchObject({ message: "Permission Problem" });

    const plain = await discussionDraft(f.as.mod, "Later");
    const notScheduled = await f.api.patch(
      `/api/v2/drafts/schedule/${plain.draftID}`,
      { dateScheduled: inAnHour() },
      { as: f.as.mod },
    );
    expect(notScheduled.statusCode).toBe(400);
    expect(notScheduled.json()).toMatchObject({ message: draftMessages.notScheduled });
    const cancelPlain = await f.api.patch(`/api/v2/drafts/cancel-schedule/${plain.draftID}`, {}, { as: f.as.mod });
    expect(cancelPlain.statusCode).toBe(400);
    expect(cancelPlain.json()).toMatchObject({ message: draftMessages.alreadyDraft });

    const missingDate = await f.api.patch(
      `/api/v2/drafts/${plain.draftID}`,
      { draftStatus: "scheduled" },
      { as: f.as.mod },
    );
    expect(missingDate.statusCode).toBe(400);
    expect(missingDate.json()).toMatchObject({ errors: [{ field: "dateScheduled" }] });
    const past = await f.api.patch(
      `/api/v2/drafts/${plain.draftID}`,
      { draftStatus: 1, dateScheduled: "2020-01-01T00:00:00Z" },
      { as: f.as.mod },
    );
    expect(past.statusCode).toBe(400);

    const when = inAnHour();
    const scheduled = await f.api.patch(
      `/api/v2/drafts/${plain.draftID}`,
      { draftStatus: 1, dateScheduled: when },
      { as: f.as.mod },
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(check(scheduled.json())).toMatchObject({
      draftStatus: "scheduled",
      dateScheduled: when.replace(/\.\d{3}Z$/, "+00:00"),
    });
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const moved = await f.api.patch(
      `/api/v2/drafts/schedule/${plain.draftID}`,
      { dateScheduled: later },
      { as: f.as.mod },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      draftStatus: "scheduled",
      dateScheduled: later.replace(/\.\d{3}Z$/, "+00:00"),
    });
    const listed = await f.api.get("/api/v2/drafts?draftStatus=scheduled&sort=-dateScheduled", { as: f.as.mod });
    expect(listed.json<DraftRecord[]>().map((item) => item.draftID)).toEqual([plain.draftID]);

    // No body at all, as reference §10 calls it.
    const cancelled = await f.api.request("PATCH", `/api/v2/drafts/cancel-schedule/${plain.draftID}`, { as: f.as.mod });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ draftStatus: "draft", dateScheduled: null });

    // The feature flag off: scheduling says so.
    await f.t.app.platform.siteConfig.set("drafts.scheduling", false);
    try {
      const off = await f.api.post(
        "/api/v2/drafts",
        { recordType: "discussion", attributes: {}, draftStatus: "scheduled", dateScheduled: inAnHour() },
        { as: f.as.mod },
      );
      expect(off.statusCode).toBe(400);
      expect(off.json()).toMatchObject({ message: draftMessages.schedulingDisabled });
    } finally {
      await f.t.app.platform.siteConfig.set("drafts.scheduling", true);
    }
    await f.api.delete(`/api/v2/drafts/${plain.draftID}`, { as: f.as.mod });
  });

  it("refuses a second scheduled update of a record with reference §10's error and context", async () => {
    const d = await postDiscussion(f.api, f.as.mod, { categoryID: f.category.general, name: "Scheduled edits" });
    const update = (as: Session) =>
      f.api.post(
        "/api/v2/drafts",
        {
          recordType: "discussion",
          recordID: d.discussionID,
          parentRecordType: "category",
          parentRecordID: f.category.general,
          attributes: { body: "New body", format: "markdown", draftMeta: { name: "Scheduled edits, v2" } },
          draftStatus: "scheduled",
          dateScheduled: inAnHour(),
        },
        { as },
      );
    const first = await update(f.as.mod);
    expect(first.statusCode, first.body).toBe(201);
    const firstID = check(first.json()).draftID;
    expect(first.json()).toMatchObject({ recordID: d.discussionID, draftStatus: "scheduled" });

    // The scheduler's own second try.
    const again = await update(f.as.mod);
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>()).toMatchObject({
      message: draftMessages.alreadyScheduledOwn,
      status: 400,
      errors: [
        {
          field: "recordID",
          message: draftMessages.alreadyScheduledOwn,
          status: { error: 400, recordID: d.discussionID, draftID: firstID, isOwnSchedule: true },
        },
      ],
    });
    // Someone else's: named, and not their own.
    const other = await update(f.as.mod2);
    expect(other.statusCode).toBe(400);
    expect(other.json<ErrorBody>()).toMatchObject({
      message: alreadyScheduledBy("Mona"),
      errors: [
        { field: "recordID", status: { error: 400, recordID: d.discussionID, draftID: firstID, isOwnSchedule: false } },
      ],
    });
    // Scheduling a plain draft of the same record through PATCH meets the same rule.
    const plain = await create(f.as.mod2, {
      recordType: "discussion",
      recordID: d.discussionID,
      parentRecordType: "category",
      parentRecordID: f.category.general,
      attributes: { body: "Other body", format: "markdown", draftMeta: { name: "Other title" } },
    });
    const patched = await f.api.patch(
      `/api/v2/drafts/${plain.draftID}`,
      { draftStatus: "scheduled", dateScheduled: inAnHour() },
      { as: f.as.mod2 },
    );
    expect(patched.statusCode).toBe(400);
    expect(patched.json<ErrorBody>().errors?.[0]).toMatchObject({ status: { draftID: firstID, isOwnSchedule: false } });
    // The waiting update itself may move to another time.
    const moved = await f.api.patch(
      `/api/v2/drafts/schedule/${firstID}`,
      { dateScheduled: new Date(Date.now() + 7_200_000).toISOString() },
      { as: f.as.mod },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    // Once cancelled, the record is free again.
    await f.api.request("PATCH", `/api/v2/drafts/cancel-schedule/${firstID}`, { as: f.as.mod });
    const free = await f.api.patch(
      `/api/v2/drafts/${plain.draftID}`,
      { draftStatus: "scheduled", dateScheduled: inAnHour() },
      { as: f.as.mod2 },
    );
    expect(free.statusCode, free.body).toBe(200);
    // A record that does not exist cannot get a scheduled update.
    const missing = await f.api.post(
      "/api/v2/drafts",
      {
        recordType: "discussion",
        recordID: 999_999,
        attributes: { body: "x", format: "markdown", draftMeta: { name: "x" } },
        draftStatus: "scheduled",
        dateScheduled: inAnHour(),
      },
      { as: f.as.mod },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Discussion not found." });
  });
});
