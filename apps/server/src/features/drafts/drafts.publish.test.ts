import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { draftFailureReasons, limits, type Draft } from "@parley/contracts";
import { buildApp } from "../../app.ts";
import { openDatabase, type Database } from "../../platform/db/database.ts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { testConfig } from "../../test/app.ts";
import { createContentFixture, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines, testDatabaseUrl } from "../../test/databases.ts";
import { PUBLISH_JOB } from "./index.ts";

const cast = {
  mod: { name: "Sched", role: "moderator", bypassSpam: true },
  lapsed: { name: "Lapsed", role: "moderator", bypassSpam: true },
  reader: { name: "Reader", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

/**
 * Publishing scheduled drafts: exactly once with two workers (two apps on one database, as two server
 * processes would be), the post made through the discussions and comments services, and the draft
 * marked `error` with the reason when publishing is no longer allowed.
 */
describe.each(engines)("publishing scheduled drafts on %s", (engine) => {
  let f: ContentFixture<Who>;
  let second: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    const { database } = f.t;
    // A second worker: its own connection (pool) to the same database, its own timer.
    const other = await openDatabase(
      engine === "postgres"
        ? { databaseUrl: testDatabaseUrl, sqliteFile: "", schema: database.schema!, poolSize: 4 }
        : { databaseUrl: null, sqliteFile: path.join(database.dataDir, "parley.sqlite") },
    );
    // The same clock: two processes see the same time.
    const app = await buildApp({
      config: testConfig(database.dataDir, { clock: f.t.clock }),
      database: other,
      runJobs: true,
    });
    await app.ready();
    second = { app, database: other };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await f?.t.close();
  });

  const schedule = async (as: Session, body: Record<string, unknown>) => {
    const response = await f.api.post(
      "/api/v2/drafts",
      { draftStatus: "scheduled", dateScheduled: new Date(f.t.clock.nowMs() + 60_000).toISOString(), ...body },
      { as },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Draft>();
  };
  const scheduleDiscussion = (as: Session, name: string, categoryID = f.category.general) =>
    schedule(as, {
      recordType: "discussion",
      parentRecordType: "category",
      parentRecordID: categoryID,
      attributes: { body: `**${name}** body`, format: "markdown", draftMeta: { name, categoryID, tagIDs: [] } },
    });
  /** Makes drafts due now (as if their time had come). */
  const makeDue = (ids: number[]) =>
    f.t.database.db
      .updateTable("drafts")
      .set({ dateScheduled: new Date(f.t.clock.nowMs() - 1000).toISOString() })
      .where("draftID", "in", ids)
      .execute();
  const discussionsNamed = (name: string) =>
    f.t.database.db
      .selectFrom("discussions")
      .select(["discussionID", "insertUserID"])
      .where("name", "=", name)
      .execute();
  const draftRow = (id: number) =>
    f.t.database.db.selectFrom("drafts").selectAll().where("draftID", "=", id).executeTakeFirst();

  it("publishes each due draft exactly once when two workers run at the same moment", async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Scheduled post ${engine} ${i}`);
    const drafts = [];
    for (const name of names) drafts.push(await scheduleDiscussion(f.as.mod, name));
    // Not due yet: nothing happens.
    await f.t.app.platform.jobs.runNow(PUBLISH_JOB);
    expect(await discussionsNamed(names[0]!)).toEqual([]);

    const before = await f.t.database.db
      .selectFrom("users")
      .select("countDiscussions")
      .where("userID", "=", f.users.mod.userID)
      .executeTakeFirstOrThrow();
    await makeDue(drafts.map((draft) => draft.draftID));
    await Promise.all([
      f.t.app.platform.jobs.runNow(PUBLISH_JOB),
      second.app.platform.jobs.runNow(PUBLISH_JOB),
      f.t.app.platform.jobs.runNow(PUBLISH_JOB),
      second.app.platform.jobs.runNow(PUBLISH_JOB),
    ]);
    for (const name of names) {
      const found = await discussionsNamed(name);
      expect(found, name).toHaveLength(1);
      expect(found[0]!.insertUserID).toBe(f.users.mod.userID);
    }
    for (const draft of drafts) expect(await draftRow(draft.draftID)).toBeUndefined();
    // Through the discussions service: the author's counter moved once per post.
    const after = await f.t.database.db
      .selectFrom("users")
      .select("countDiscussions")
      .where("userID", "=", f.users.mod.userID)
      .executeTakeFirstOrThrow();
    expect(Number(after.countDiscussions) - Number(before.countDiscussions)).toBe(names.length);
    const listed = await f.api.get("/api/v2/discussions?limit=30", { as: f.as.reader });
    expect(listed.json<Array<{ name: string }>>().map((d) => d.name)).toEqual(expect.arrayContaining(names));
  });

  it("publishes a scheduled comment to its discussion", async () => {
    const d = await postDiscussion(f.api, f.as.reader, { categoryID: f.category.general, name: "Comment target" });
    const draft = await schedule(f.as.mod, {
      recordType: "comment",
      parentRecordType: "discussion",
      parentRecordID: d.discussionID,
      attributes: {
        body: JSON.stringify([{ type: "p", children: [{ text: "Scheduled reply." }] }]),
        format: "rich2",
        draftMeta: { commentParentID: null },
      },
    });
    await makeDue([draft.draftID]);
    await second.app.platform.jobs.runNow(PUBLISH_JOB);
    const comments = await f.api.get(`/api/v2/comments?discussionID=${d.discussionID}`, { as: f.as.reader });
    expect(comments.json<Array<{ body: string; insertUserID: number }>>()).toEqual([
      expect.objectContaining({ body: "<p>Scheduled reply.</p>", insertUserID: f.users.mod.userID }),
    ]);
    const discussion = await f.api.get(`/api/v2/discussions/${d.discussionID}`, { as: f.as.reader });
    expect(discussion.json()).toMatchObject({ countComments: 1 });
  });

  it("marks the draft error with the reason when its owner lost the permission or its category is gone", async () => {
    const lost = await scheduleDiscussion(f.as.lapsed, `No longer allowed ${engine}`);
    // The owner is demoted to Unconfirmed after scheduling: publishing uses their current rights.
    const unconfirmed = await roleIDOfType(f.t.database.db, "unconfirmed");
    await f.t.database.db.deleteFrom("userRoles").where("userID", "=", f.users.lapsed.userID).execute();
    await f.t.database.db
      .insertInto("userRoles")
      .values({ userID: f.users.lapsed.userID, roleID: unconfirmed })
      .execute();

    const created = await f.api.post(
      "/api/v2/categories",
      { name: `Short-lived ${engine}`, urlcode: `short-lived-${engine}` },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const categoryID = created.json<{ categoryID: number }>().categoryID;
    const gone = await scheduleDiscussion(f.as.mod, `Category gone ${engine}`, categoryID);
    const removed = await f.api.delete(`/api/v2/categories/${categoryID}`, { as: f.admin });
    expect(removed.statusCode, removed.body).toBe(200);

    await makeDue([lost.draftID, gone.draftID]);
    await f.t.app.platform.jobs.runNow(PUBLISH_JOB);
    expect(await discussionsNamed(`No longer allowed ${engine}`)).toEqual([]);
    expect(await discussionsNamed(`Category gone ${engine}`)).toEqual([]);
    const [lostNow, goneNow] = await Promise.all([
      f.api.get(`/api/v2/drafts/${lost.draftID}`, { as: f.as.lapsed }),
      f.api.get(`/api/v2/drafts/${gone.draftID}`, { as: f.as.mod }),
    ]);
    expect(lostNow.json()).toMatchObject({ draftStatus: "error", failedReason: draftFailureReasons.permission });
    expect(goneNow.json()).toMatchObject({ draftStatus: "error", failedReason: draftFailureReasons.categoryGone });
    // A failed draft is never retried by itself; cancelling the schedule makes it a plain draft again.
    await f.t.app.platform.jobs.runNow(PUBLISH_JOB);
    expect((await draftRow(gone.draftID))!.draftStatus).toBe(2);
    const cancelled = await f.api.patch(`/api/v2/drafts/cancel-schedule/${gone.draftID}`, {}, { as: f.as.mod });
    expect(cancelled.json()).toMatchObject({ draftStatus: "draft", failedReason: null });
  });

  it("publishes on the worker's own timer at the scheduled time", async () => {
    const name = `On time ${engine}`;
    const draft = await scheduleDiscussion(f.as.mod, name);
    const at = f.t.clock.nowMs() + 1500;
    await f.t.database.db
      .updateTable("drafts")
      .set({ dateScheduled: new Date(at).toISOString() })
      .where("draftID", "=", draft.draftID)
      .execute();
    // The second app runs its job on a timer (every few seconds); nothing is asked of it here, the
    // clock moves past the timer's next tick (no run in progress first, so that tick is pending).
    expect(await discussionsNamed(name)).toEqual([]);
    const { jobs } = second.app.platform;
    await jobs.settled(PUBLISH_JOB);
    f.t.clock.advance(limits.drafts.publishPollMs);
    await jobs.settled(PUBLISH_JOB);
    expect(await discussionsNamed(name)).toHaveLength(1);
    expect(f.t.clock.nowMs()).toBeGreaterThanOrEqual(at);
  });

  it("publishes nothing when it fails right after the post is written, then publishes exactly once", async () => {
    const name = `Crash window ${engine}`;
    const draft = await scheduleDiscussion(f.as.mod, name);
    await makeDue([draft.draftID]);
    // The process "dies" after the discussion's row is written, before its transaction commits.
    let hits = 0;
    f.t.app.draftPublisher.faults.afterPostWritten = (row) => {
      if (row.draftID !== draft.draftID) return;
      hits++;
      throw new Error("killed mid-publish");
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await f.t.app.platform.jobs.runNow(PUBLISH_JOB);
    } finally {
      f.t.app.draftPublisher.faults.afterPostWritten = undefined;
      logged.mockRestore();
    }
    expect(hits).toBe(1);
    // Not published, not lost: the post rolled back with the failure, the draft waits, still claimed.
    expect(await discussionsNamed(name)).toEqual([]);
    const held = await draftRow(draft.draftID);
    expect(held).toMatchObject({ draftStatus: 1, failedReason: null });
    expect(held!.claimedUntil).not.toBeNull();
    // While the claim holds, no worker takes it.
    await second.app.platform.jobs.runNow(PUBLISH_JOB);
    expect(await discussionsNamed(name)).toEqual([]);

    // The lease runs out: the next run publishes it, once, and the draft goes with the post.
    await f.t.database.db
      .updateTable("drafts")
      .set({ claimedUntil: new Date(f.t.clock.nowMs() - 1000).toISOString() })
      .where("draftID", "=", draft.draftID)
      .execute();
    await Promise.all([second.app.platform.jobs.runNow(PUBLISH_JOB), f.t.app.platform.jobs.runNow(PUBLISH_JOB)]);
    await f.t.app.platform.jobs.runNow(PUBLISH_JOB);
    expect(await discussionsNamed(name)).toHaveLength(1);
    expect(await draftRow(draft.draftID)).toBeUndefined();
  });

  it("applies a scheduled update of an existing discussion, and deletes the draft with it", async () => {
    const d = await postDiscussion(f.api, f.as.mod, { categoryID: f.category.general, name: `Before ${engine}` });
    const draft = await schedule(f.as.mod, {
      recordType: "discussion",
      recordID: d.discussionID,
      parentRecordType: "category",
      parentRecordID: f.category.general,
      attributes: { body: "The **new** body", format: "markdown", draftMeta: { name: `After ${engine}` } },
    });
    await makeDue([draft.draftID]);
    await second.app.platform.jobs.runNow(PUBLISH_JOB);
    const now = await f.api.get(`/api/v2/discussions/${d.discussionID}`, { as: f.as.reader });
    const updated = now.json<{ name: string; body: string }>();
    expect(updated.name).toBe(`After ${engine}`);
    expect(updated.body).toContain("<p>The <strong>new</strong> body</p>");
    expect(await draftRow(draft.draftID)).toBeUndefined();
    expect(await discussionsNamed(`After ${engine}`)).toHaveLength(1);
  });
});
