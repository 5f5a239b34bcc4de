import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LongRunnerResult, TrackingSlip } from "@parley/contracts";
import { signPayload, type CallbackPayload } from "../../platform/long-runner/payload.ts";
import { roleIDOfType, type Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  categoryCounts,
  createContentFixture,
  expectSchema,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "moderator" | "member";
const jwt = { "content-type": "application/system+jwt" };

/**
 * The long runner behind the bulk actions (reference §1.7): rounds within a time budget, 408 with a
 * signed callbackPayload, `POST /calls/run` until the payload is null.
 */
describe.each(engines)("long-running bulk actions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      moderator: { name: "Runner Moderator", role: "moderator" },
      member: { name: "Runner Member", role: "member" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const runCall = (token: string, as: Session | null) =>
    f.api.request("POST", "/api/v2/calls/run", { as, body: token, headers: jwt });

  /** Inserts discussions straight into the database (and their category's counts), for volume. */
  async function insertDiscussions(count: number, categoryID: number): Promise<number[]> {
    const db = f.t.database.db;
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
        type: "discussion",
        categoryID,
        name: `Volume ${start + index}`,
        body: "Text.",
        format: "markdown",
        insertUserID: f.adminID,
        updateUserID: null,
        lastUserID: f.adminID,
        lastCommentID: null,
        dateInserted: now,
        dateUpdated: null,
        dateLastComment: now,
        attributes: null,
        insertIPAddress: null,
        resolvedUserID: null,
      }));
      const inserted = await db.insertInto("discussions").values(rows).returning("discussionID").execute();
      ids.push(...inserted.map((row) => row.discussionID));
    }
    await db
      .updateTable("categories")
      .set((eb) => ({
        countDiscussions: eb("countDiscussions", "+", count),
        countAllDiscussions: eb("countAllDiscussions", "+", count),
      }))
      .where("categoryID", "=", categoryID)
      .execute();
    await db
      .updateTable("users")
      .set((eb) => ({ countDiscussions: eb("countDiscussions", "+", count) }))
      .where("userID", "=", f.adminID)
      .execute();
    return ids;
  }

  it("deletes 5,000 discussions through 408 → calls/run rounds, every ID accounted for", async () => {
    const { api, category } = f;
    const before = await categoryCounts(api, f.admin, category.general);
    const ids = await insertDiscussions(5000, category.general);
    const unknown = 99_999_999;
    const requested = [...ids, unknown, ids[0]!];

    const first = await api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=sync&longRunnerTimeout=0", {
      as: f.as.moderator,
      body: { discussionIDs: requested },
    });
    expect(first.statusCode, first.body.slice(0, 300)).toBe(408);
    let result = first.json<LongRunnerResult>();
    expectSchema(LongRunnerResult, result);
    expect(result.progress.countTotalIDs).toBe(5001);
    expect(typeof result.callbackPayload).toBe("string");

    const succeeded = [...result.progress.successIDs];
    const failed = [...result.progress.failedIDs];
    const exceptions = { ...result.progress.exceptionsByID };
    let rounds = 0;
    let status = first.statusCode;
    while (result.callbackPayload !== null) {
      const next = await runCall(result.callbackPayload, f.as.moderator);
      rounds += 1;
      status = next.statusCode;
      result = next.json<LongRunnerResult>();
      expectSchema(LongRunnerResult, result);
      expect(result.progress.countTotalIDs).toBe(5001);
      if (result.callbackPayload !== null) expect(status).toBe(408);
      succeeded.push(...result.progress.successIDs);
      failed.push(...result.progress.failedIDs);
      Object.assign(exceptions, result.progress.exceptionsByID);
      expect(rounds).toBeLessThan(200);
    }
    expect(rounds).toBeGreaterThanOrEqual(1);
    // The unknown id failed with its exception, so the final status is its 404.
    expect(status).toBe(404);
    expect(failed).toEqual([unknown]);
    expect(exceptions).toEqual({ [unknown]: { message: "Discussion not found.", status: 404 } });
    expect(succeeded).toHaveLength(5000);
    expect(new Set(succeeded)).toEqual(new Set(ids));

    const left = await f.t.database.db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "in", ids.slice(0, 1000))
      .execute();
    expect(left).toEqual([]);
    const after = await categoryCounts(api, f.admin, category.general);
    expect(after.countDiscussions).toBe(before.countDiscussions);
    expect((await api.get(`/api/v2/discussions/${ids[4999]}`, { as: f.admin })).statusCode).toBe(410);
  }, 240_000);

  it("finishes in one answer (200, no payload) when the budget allows", async () => {
    const ids = await insertDiscussions(250, f.category.general);
    const response = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=sync", {
      as: f.as.moderator,
      body: { discussionIDs: ids },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<LongRunnerResult>();
    expect(result.callbackPayload).toBeNull();
    expect(result.progress).toMatchObject({ failedIDs: [], countTotalIDs: 250 });
    expect(result.progress.successIDs).toHaveLength(250);
  });

  it("moves and closes through rounds as well", async () => {
    const ids = await insertDiscussions(150, f.category.general);
    const move = await f.api.request("PATCH", "/api/v2/discussions/move?longRunnerTimeout=0", {
      as: f.as.moderator,
      body: { discussionIDs: ids, categoryID: f.category.ideas },
    });
    expect(move.statusCode).toBe(408);
    const moved = move.json<LongRunnerResult>();
    expect(moved.progress.successIDs).toHaveLength(100);
    const rest = await runCall(moved.callbackPayload!, f.as.moderator);
    expect(rest.statusCode).toBe(200);
    expect(rest.json<LongRunnerResult>().progress.successIDs).toEqual(ids.slice(100));
    const rows = await f.t.database.db
      .selectFrom("discussions")
      .select("categoryID")
      .distinct()
      .where("discussionID", "in", ids)
      .execute();
    expect(rows).toEqual([{ categoryID: f.category.ideas }]);

    const close = await f.api.request("PATCH", "/api/v2/discussions/close?longRunnerTimeout=0", {
      as: f.as.moderator,
      body: { discussionIDs: ids },
    });
    expect(close.statusCode).toBe(408);
    expect((await runCall(close.json<LongRunnerResult>().callbackPayload!, f.as.moderator)).statusCode).toBe(200);
    const open = await f.t.database.db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "in", ids)
      .where("closed", "=", 0)
      .execute();
    expect(open).toEqual([]);
  });

  it("refuses tampered, foreign-secret, expired and other users' payloads", async () => {
    const ids = await insertDiscussions(150, f.category.general);
    const first = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerTimeout=0", {
      as: f.as.moderator,
      body: { discussionIDs: ids },
    });
    const token = first.json<LongRunnerResult>().callbackPayload!;
    const [head, body, signature] = token.split(".") as [string, string, string];
    const data = JSON.parse(Buffer.from(body, "base64url").toString()) as CallbackPayload;
    expect(data).toMatchObject({ userID: f.users.moderator.userID, action: "discussions.delete", countSuccess: 100 });
    expect(data.remainingIDs).toEqual(ids.slice(100));

    const widened = Buffer.from(JSON.stringify({ ...data, remainingIDs: [1, 2, 3] })).toString("base64url");
    const tampered = await runCall(`${head}.${widened}.${signature}`, f.as.moderator);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ message: "The callback payload is invalid.", status: 400 });
    expect((await runCall(signPayload(data, "not the server secret"), f.as.moderator)).statusCode).toBe(400);
    expect((await runCall("garbage", f.as.moderator)).statusCode).toBe(400);
    const json = await f.api.request("POST", "/api/v2/calls/run", { as: f.as.moderator, body: { token } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);

    const secretRow = await f.t.database.db
      .selectFrom("config")
      .select("value")
      .where("key", "=", "longRunner.secret")
      .executeTakeFirstOrThrow();
    const secret = JSON.parse(secretRow.value) as string;
    const expired = await runCall(signPayload({ ...data, exp: Math.floor(Date.now() / 1000) - 5 }, secret), null);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ message: "The callback payload has expired." });

    const stolen = await runCall(token, f.as.member);
    expect(stolen.statusCode).toBe(403);
    // Nothing of the remaining ids was touched by the refused calls.
    const left = await f.t.database.db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "in", ids)
      .execute();
    expect(left).toHaveLength(50);

    const done = await runCall(token, f.as.moderator);
    expect(done.statusCode).toBe(200);
    expect(done.json<LongRunnerResult>().progress.successIDs).toEqual(ids.slice(100));
  });

  it("re-checks the user's current permissions on every round", async () => {
    const ids = [
      ...(await insertDiscussions(120, f.category.general)),
      (await postDiscussion(f.api, f.admin, { categoryID: f.category.general })).discussionID,
    ];
    const first = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerTimeout=0", {
      as: f.as.moderator,
      body: { discussionIDs: ids },
    });
    expect(first.statusCode).toBe(408);
    const db = f.t.database.db;
    const moderatorRole = await roleIDOfType(db, "moderator");
    const memberRole = await roleIDOfType(db, "member");
    const moderatorID = f.users.moderator.userID;
    await db.updateTable("userRoles").set({ roleID: memberRole }).where("userID", "=", moderatorID).execute();
    try {
      const next = await runCall(first.json<LongRunnerResult>().callbackPayload!, f.as.moderator);
      expect(next.statusCode).toBe(403);
      const result = next.json<LongRunnerResult>();
      expect(result.callbackPayload).toBeNull();
      expect(result.progress.successIDs).toEqual([]);
      expect(result.progress.failedIDs).toEqual(ids.slice(100));
      expect(result.progress.exceptionsByID[String(ids[100])]).toEqual({ message: "Permission Problem", status: 403 });
    } finally {
      await db.updateTable("userRoles").set({ roleID: moderatorRole }).where("userID", "=", moderatorID).execute();
    }
    const left = await db.selectFrom("discussions").select("discussionID").where("discussionID", "in", ids).execute();
    expect(left).toHaveLength(21);
  });
  it("queues a call asked for with longRunnerMode=async: 202 with a tracking slip, then the queue's job does it", async () => {
    const ids = await insertDiscussions(250, f.category.general);
    const db = f.t.database.db;
    const queued = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=async", {
      as: f.admin,
      body: { discussionIDs: ids },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expectSchema(TrackingSlip, queued.json());
    const slip = queued.json<TrackingSlip>();
    expect(slip.status).toBe("intended");
    // Nothing done yet: the answer came before the work.
    const waiting = await db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "in", ids)
      .execute();
    expect(waiting).toHaveLength(250);

    await f.t.app.platform.jobs.runNow("longRunner.queue");
    const left = await db.selectFrom("discussions").select("discussionID").where("discussionID", "in", ids).execute();
    expect(left).toHaveLength(0);
    const job = await db
      .selectFrom("longRunnerJobs")
      .selectAll()
      .where("jobID", "=", slip.jobID)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ jobTrackingID: slip.jobTrackingID, status: "complete", claimedUntil: null });
    expect(JSON.parse(job.state)).toMatchObject({ countTotalIDs: 250, countSuccess: 250, countFailed: 0 });

    // A member's queued call is done with their permissions when it runs: they may delete none.
    const mine = await insertDiscussions(3, f.category.general);
    const refused = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=async", {
      as: f.as.member,
      body: { discussionIDs: mine },
    });
    expect(refused.statusCode).toBe(202);
    await f.t.app.platform.jobs.runNow("longRunner.queue");
    const failed = await db
      .selectFrom("longRunnerJobs")
      .selectAll()
      .where("jobID", "=", refused.json<TrackingSlip>().jobID)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe("failed");
    expect(JSON.parse(failed.state)).toMatchObject({
      countTotalIDs: 3,
      countSuccess: 0,
      countFailed: 3,
      failureStatus: 403,
    });
    expect(
      await db.selectFrom("discussions").select("discussionID").where("discussionID", "in", mine).execute(),
    ).toHaveLength(3);

    // A guest's call is never queued.
    const guest = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=async", {
      as: null,
      body: { discussionIDs: mine },
    });
    expect(guest.statusCode).toBe(403);
    expect(await db.selectFrom("longRunnerJobs").select("jobID").where("userID", "=", 0).execute()).toEqual([]);

    // A moderator banned after asking: the call fails when it runs, and is not tried again.
    const theirs = await insertDiscussions(2, f.category.general);
    const asked = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=async", {
      as: f.as.moderator,
      body: { discussionIDs: theirs },
    });
    expect(asked.statusCode).toBe(202);
    const ban = (banned: boolean) =>
      f.api.put(`/api/v2/users/${f.users.moderator.userID}/ban`, { banned }, { as: f.admin });
    expect((await ban(true)).statusCode).toBe(200);
    try {
      await f.t.app.platform.jobs.runNow("longRunner.queue");
      const ended = await db
        .selectFrom("longRunnerJobs")
        .select(["status", "claimedUntil"])
        .where("jobID", "=", asked.json<TrackingSlip>().jobID)
        .executeTakeFirstOrThrow();
      expect(ended).toEqual({ status: "failed", claimedUntil: null });
      expect(
        await db.selectFrom("discussions").select("discussionID").where("discussionID", "in", theirs).execute(),
      ).toHaveLength(2);
    } finally {
      expect((await ban(false)).statusCode).toBe(200);
    }
  });

  it("forgets ended calls a week after their end, when the queue is next empty, and keeps the others", async () => {
    const db = f.t.database.db;
    const ask = async () => {
      const ids = await insertDiscussions(1, f.category.general);
      const queued = await f.api.request("DELETE", "/api/v2/discussions/list?longRunnerMode=async", {
        as: f.admin,
        body: { discussionIDs: ids },
      });
      expect(queued.statusCode).toBe(202);
      return queued.json<TrackingSlip>();
    };
    const old = await ask();
    await f.t.app.platform.jobs.runNow("longRunner.queue");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
    await db.updateTable("longRunnerJobs").set({ dateUpdated: eightDaysAgo }).where("jobID", "=", old.jobID).execute();
    const recent = await ask();
    await f.t.app.platform.jobs.runNow("longRunner.queue");
    const kept = await db
      .selectFrom("longRunnerJobs")
      .select("jobID")
      .where("jobID", "in", [old.jobID, recent.jobID])
      .execute();
    expect(kept.map((row) => row.jobID)).toEqual([recent.jobID]);
    // A slip that was forgotten is not found, as any unknown one.
    const gone = await f.api.get(`/api/v2/calls/${old.jobTrackingID}`, { as: f.admin });
    expect(gone.statusCode).toBe(404);
  });
});
