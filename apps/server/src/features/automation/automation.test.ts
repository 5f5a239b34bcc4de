import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AutomationCatalog,
  AutomationDispatch,
  AutomationPreview,
  AutomationRule,
  type AutomationDispatch as DispatchRecord,
  type AutomationPreview as PreviewRecord,
  type AutomationRule as RuleRecord,
  type Discussion,
  type Tag,
} from "@parley/contracts";
import { seededAdmin } from "../../test/accounts.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { AUTOMATION_JOB } from "./index.ts";

const DAY = 24 * 60 * 60_000;

describe.each(engines)("automation rules on %s", (engine) => {
  let f: ContentFixture<"member">;
  /** Two categories of the test's own (the demo content's discussions are elsewhere). */
  let watched: number;
  let other: number;
  let archive: number;

  const category = async (name: string, urlcode: string) => {
    const response = await f.api.post("/api/v2/categories", { name, urlcode }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ categoryID: number }>().categoryID;
  };

  beforeAll(async () => {
    f = await createContentFixture(engine, { member: { name: "Auto Member", role: "member", bypassSpam: true } });
    // Sessions that outlast the days the tests move the clock by (a browser session lasts 2 days).
    f.admin = await f.api.signIn(seededAdmin, { persist: true });
    f.as.member = await f.api.signIn(f.users.member, { persist: true });
    watched = await category("Watched", "auto-watched");
    other = await category("Other", "auto-other");
    archive = await category("Archive", "auto-archive");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const stale = (length: number, categoryID?: number[]) => ({
    triggerType: "staleDiscussionTrigger",
    triggerValue: { triggerTimeDelay: { length, unit: "day" }, ...(categoryID ? { categoryID } : {}) },
  });
  const close = { actionType: "closeDiscussionAction", actionValue: {} };
  const create = async (body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/automation-rules", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(AutomationRule, response.json());
    return response.json<RuleRecord>();
  };
  const preview = async (body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/automation-rules/preview", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(AutomationPreview, response.json());
    return response.json<PreviewRecord>();
  };
  const dispatches = async (automationRuleID: number) => {
    const response = await f.api.get(`/api/v2/automation-rules/${automationRuleID}/dispatches`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    for (const item of response.json<unknown[]>()) expectSchema(AutomationDispatch, item);
    return response.json<DispatchRecord[]>();
  };
  const discussion = async (discussionID: number) => {
    const response = await f.api.get(`/api/v2/discussions/${discussionID}?expand=tags`, { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Discussion>();
  };
  const post = (categoryID: number, name: string) =>
    postDiscussion(f.api, f.as.member, { categoryID, name }).then((posted) => posted.discussionID);

  it("closes exactly the discussions idle for N days in its categories, and its dry run lists exactly those", async () => {
    const idle1 = await post(watched, "Idle one");
    const idle2 = await post(watched, "Idle two");
    const revived = await post(watched, "Revived");
    const elsewhere = await post(other, "Idle elsewhere");
    f.t.clock.advance(4 * DAY);
    await postComment(f.api, f.as.member, revived, "Still here.");
    const fresh = await post(watched, "Fresh");

    const rule = await create({ name: "Close idle", trigger: stale(3, [watched]), action: close });
    expect(rule).toMatchObject({
      status: "inactive",
      dateLastRun: null,
      trigger: { triggerType: "staleDiscussionTrigger" },
    });

    // The dry run: exactly the two idle ones (longest idle first), and nothing changes.
    const dry = await preview({ trigger: rule.trigger, action: rule.action });
    expect(dry.count).toBe(2);
    expect(dry.records.map((record) => record.recordID)).toEqual([idle1, idle2]);
    expect(dry.records[0]).toMatchObject({ recordType: "discussion", name: "Idle one", categoryID: watched });
    for (const id of [idle1, idle2, revived, elsewhere, fresh]) expect((await discussion(id)).closed).toBe(false);
    expect(await dispatches(rule.automationRuleID)).toEqual([]);

    // Run now: it closes those two only, and the dispatch log records the run.
    const ran = await f.api.post(`/api/v2/automation-rules/${rule.automationRuleID}/trigger`, {}, { as: f.admin });
    expect(ran.statusCode, ran.body).toBe(201);
    expectSchema(AutomationDispatch, ran.json());
    expect(ran.json()).toMatchObject({
      automationRuleID: rule.automationRuleID,
      name: "Close idle",
      dispatchType: "manual",
      dispatchStatus: "success",
      dispatchUserID: f.adminID,
      affectedRecordType: "discussion",
      estimatedRecordCount: 2,
      affectedRecordCount: 2,
      failedRecordCount: 0,
      errorMessage: null,
    });
    const closed = await Promise.all(
      [idle1, idle2, revived, elsewhere, fresh].map(async (id) => (await discussion(id)).closed),
    );
    expect(closed).toEqual([true, true, false, false, false]);
    // Nothing is left to do: the dry run is empty now.
    expect((await preview({ trigger: rule.trigger, action: rule.action })).count).toBe(0);

    const log = await dispatches(rule.automationRuleID);
    expect(log).toHaveLength(1);
    expect(log[0]!.automationRuleDispatchUUID).toBe(ran.json<DispatchRecord>().automationRuleDispatchUUID);
    expect(log[0]!.dateFinished).not.toBeNull();
    const all = await f.api.get("/api/v2/automation-rules/dispatches", { as: f.admin });
    expect(all.json<DispatchRecord[]>().map((item) => item.automationRuleDispatchUUID)).toContain(
      log[0]!.automationRuleDispatchUUID,
    );
    const one = await f.api.get(
      `/api/v2/automation-rules/${rule.automationRuleID}/dispatches/${log[0]!.automationRuleDispatchUUID}`,
      { as: f.admin },
    );
    expect(one.statusCode).toBe(200);
    expect(
      (await f.api.get(`/api/v2/automation-rules/${rule.automationRuleID}`, { as: f.admin })).json(),
    ).toMatchObject({
      dateLastRun: log[0]!.dateDispatched,
    });
  });

  it("moves and tags idle discussions through the discussions' service, counts moved with them", async () => {
    const moving = await post(other, "To archive");
    const tagged = await post(other, "To tag");
    f.t.clock.advance(2 * DAY);
    const countOf = async (categoryID: number) =>
      (await f.api.get(`/api/v2/categories/${categoryID}`, { as: f.admin })).json<{ countDiscussions: number }>()
        .countDiscussions;
    const [otherBefore, archiveBefore] = [await countOf(other), await countOf(archive)];
    const move = await create({
      name: "Archive",
      trigger: stale(1, [other]),
      action: { actionType: "moveToCategoryAction", actionValue: { categoryID: archive } },
    });
    const moveDry = await preview({ trigger: move.trigger, action: move.action });
    expect(moveDry.records.map((record) => record.recordID)).toEqual(expect.arrayContaining([moving, tagged]));
    const moved = await f.api.post(`/api/v2/automation-rules/${move.automationRuleID}/trigger`, {}, { as: f.admin });
    expect(moved.json()).toMatchObject({ dispatchStatus: "success", affectedRecordCount: moveDry.count });
    expect((await discussion(moving)).categoryID).toBe(archive);
    expect(await countOf(other)).toBe(otherBefore - moveDry.count);
    expect(await countOf(archive)).toBe(archiveBefore + moveDry.count);

    expect((await f.api.patch("/api/v2/config", { "tagging.enabled": true }, { as: f.admin })).statusCode).toBe(200);
    const tag = (await f.api.post("/api/v2/tags", { name: "Dormant" }, { as: f.admin })).json<Tag>();
    const tagRule = await create({
      name: "Tag dormant",
      trigger: stale(1, [archive]),
      action: { actionType: "addTagToDiscussionAction", actionValue: { tagID: [tag.tagID] } },
    });
    const tagDry = await preview({ trigger: tagRule.trigger, action: tagRule.action });
    expect(tagDry.records.map((record) => record.recordID)).toEqual(expect.arrayContaining([moving, tagged]));
    const ran = await f.api.post(`/api/v2/automation-rules/${tagRule.automationRuleID}/trigger`, {}, { as: f.admin });
    expect(ran.json()).toMatchObject({ dispatchStatus: "success", affectedRecordCount: tagDry.count });
    expect((await discussion(tagged)).tags?.map((item) => item.tagID)).toContain(tag.tagID);
    // Tagged already: the rule has nothing more to do.
    expect((await preview({ trigger: tagRule.trigger, action: tagRule.action })).count).toBe(0);
  });

  it("runs active rules from the job, once per hour however often the job runs, first as `initial`", async () => {
    const idle = await post(watched, "Idle for the job");
    f.t.clock.advance(2 * DAY);
    const rule = await create({ name: "Job rule", trigger: stale(1, [watched]), action: close, status: "active" });
    const job = () => f.t.app.platform.jobs.runNow(AUTOMATION_JOB);
    await job();
    await job();
    let log = await dispatches(rule.automationRuleID);
    expect(log.map((item) => [item.dispatchType, item.dispatchStatus])).toEqual([["initial", "success"]]);
    expect(log[0]!.affectedRecordCount).toBeGreaterThanOrEqual(1);
    expect((await discussion(idle)).closed).toBe(true);

    f.t.clock.advance(61 * 60_000);
    await job();
    log = await dispatches(rule.automationRuleID);
    expect(log.map((item) => item.dispatchType)).toEqual(["triggered", "initial"]);

    // Switched off, the job leaves it alone.
    const off = await f.api.put(
      `/api/v2/automation-rules/${rule.automationRuleID}/status`,
      { status: "inactive" },
      { as: f.admin },
    );
    expect(off.json()).toMatchObject({ status: "inactive" });
    f.t.clock.advance(61 * 60_000);
    await job();
    expect(await dispatches(rule.automationRuleID)).toHaveLength(2);
  });

  it("tags each new discussion posted in its categories as it is posted (newDiscussionTrigger)", async () => {
    expect((await f.api.patch("/api/v2/config", { "tagging.enabled": true }, { as: f.admin })).statusCode).toBe(200);
    const tag = (await f.api.post("/api/v2/tags", { name: "Newcomer" }, { as: f.admin })).json<Tag>();
    const rule = await create({
      name: "Tag new",
      trigger: { triggerType: "newDiscussionTrigger", triggerValue: { categoryID: [watched] } },
      action: { actionType: "addTagToDiscussionAction", actionValue: { tagID: [tag.tagID] } },
      status: "active",
    });
    const inside = await post(watched, "New inside");
    const outside = await post(other, "New outside");
    expect((await discussion(inside)).tags?.map((item) => item.tagID)).toContain(tag.tagID);
    expect((await discussion(outside)).tags?.map((item) => item.tagID) ?? []).not.toContain(tag.tagID);
    const log = await dispatches(rule.automationRuleID);
    expect(log.map((item) => [item.dispatchType, item.dispatchStatus, item.affectedRecordCount])).toEqual([
      ["triggered", "success", 1],
    ]);
    // It acts on posts as they come: nothing to preview, nothing to run now, and the job leaves it alone.
    expect((await preview({ trigger: rule.trigger, action: rule.action })).count).toBe(0);
    const now = await f.api.post(`/api/v2/automation-rules/${rule.automationRuleID}/trigger`, {}, { as: f.admin });
    expect(now.statusCode).toBe(400);
    await f.t.app.platform.jobs.runNow(AUTOMATION_JOB);
    expect(await dispatches(rule.automationRuleID)).toHaveLength(1);
    await f.api.put(
      `/api/v2/automation-rules/${rule.automationRuleID}/status`,
      { status: "inactive" },
      { as: f.admin },
    );
    await post(watched, "After switching off");
    expect(await dispatches(rule.automationRuleID)).toHaveLength(1);
  });

  it("runs a rule in one place at a time: a rule another process holds is left to it", async () => {
    const rule = await create({ name: "Held", trigger: stale(1, [watched]), action: close, status: "active" });
    const held = new Date(f.t.clock.nowMs() + 10 * 60_000).toISOString();
    // Another process's claim (its lease runs 10 more minutes).
    await f.t.database.db
      .updateTable("automationRules")
      .set({ claimedUntil: held })
      .where("automationRuleID", "=", rule.automationRuleID)
      .execute();
    const busy = await f.api.post(`/api/v2/automation-rules/${rule.automationRuleID}/trigger`, {}, { as: f.admin });
    expect(busy.statusCode, busy.body).toBe(409);
    await f.t.app.platform.jobs.runNow(AUTOMATION_JOB);
    expect(await dispatches(rule.automationRuleID)).toEqual([]);
    // Its lease ran out (the process died): the job takes the rule.
    f.t.clock.advance(11 * 60_000);
    await f.t.app.platform.jobs.runNow(AUTOMATION_JOB);
    expect((await dispatches(rule.automationRuleID)).map((item) => item.dispatchType)).toEqual(["initial"]);
    await f.api.put(
      `/api/v2/automation-rules/${rule.automationRuleID}/status`,
      { status: "inactive" },
      { as: f.admin },
    );
  });

  it("lets only site managers in: guests and members 403", async () => {
    const rule = await create({ name: "Matrix", trigger: stale(30), action: close });
    const id = rule.automationRuleID;
    for (const as of [null, f.as.member]) {
      const options = { as: as as never };
      const body = { name: "X", trigger: stale(30), action: close };
      const statuses = [
        (await f.api.get("/api/v2/automation-rules/catalog", options)).statusCode,
        (await f.api.get("/api/v2/automation-rules", options)).statusCode,
        (await f.api.post("/api/v2/automation-rules", body, options)).statusCode,
        (await f.api.post("/api/v2/automation-rules/preview", { trigger: body.trigger, action: close }, options))
          .statusCode,
        (await f.api.get(`/api/v2/automation-rules/${id}`, options)).statusCode,
        (await f.api.patch(`/api/v2/automation-rules/${id}`, { name: "Taken" }, options)).statusCode,
        (await f.api.put(`/api/v2/automation-rules/${id}/status`, { status: "active" }, options)).statusCode,
        (await f.api.post(`/api/v2/automation-rules/${id}/trigger`, {}, options)).statusCode,
        (await f.api.get(`/api/v2/automation-rules/${id}/dispatches`, options)).statusCode,
        (await f.api.get("/api/v2/automation-rules/dispatches", options)).statusCode,
        (await f.api.delete(`/api/v2/automation-rules/${id}`, options)).statusCode,
      ];
      expect(statuses, as === null ? "guest" : "member").toEqual(statuses.map(() => 403));
    }
    expect(await dispatches(id)).toEqual([]);
    const catalog = await f.api.get("/api/v2/automation-rules/catalog", { as: f.admin });
    expect(catalog.statusCode).toBe(200);
    expectSchema(AutomationCatalog, catalog.json());
    expect(Object.keys(catalog.json<AutomationCatalog>().actions)).toEqual([
      "closeDiscussionAction",
      "moveToCategoryAction",
      "addTagToDiscussionAction",
      "addDiscussionToCollectionAction",
      "sendEmailAction",
      "createEscalationAction",
    ]);
    const renamed = await f.api.patch(
      `/api/v2/automation-rules/${id}`,
      { name: "Renamed", status: "active" },
      { as: f.admin },
    );
    // Fields outside the schema are dropped, as on every PATCH (status has its own PUT).
    expect(renamed.json()).toMatchObject({ name: "Renamed", status: "inactive" });
    expect((await f.api.delete(`/api/v2/automation-rules/${id}`, { as: f.admin })).statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/automation-rules/${id}`, { as: f.admin })).statusCode).toBe(404);
  });

  it("answers bad trigger and action values with a 422 per field", async () => {
    const bad = await f.api.post(
      "/api/v2/automation-rules",
      {
        name: "Bad",
        trigger: {
          triggerType: "staleDiscussionTrigger",
          triggerValue: { triggerTimeDelay: { length: 0, unit: "day" } },
        },
        action: { actionType: "moveToCategoryAction", actionValue: {} },
      },
      { as: f.admin },
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json<{ errors: { field: string }[] }>().errors.map((error) => error.field)).toEqual([
      "trigger.triggerValue.triggerTimeDelay.length",
      "action.actionValue.categoryID",
    ]);
    const unknown = await f.api.post(
      "/api/v2/automation-rules/preview",
      {
        trigger: stale(3, [999_999]),
        action: { actionType: "addTagToDiscussionAction", actionValue: { tagID: [999_999] } },
      },
      { as: f.admin },
    );
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json<{ errors: { field: string; status: number }[] }>().errors).toMatchObject([
      { field: "trigger.triggerValue.categoryID", status: 422 },
      { field: "action.actionValue.tagID", status: 422 },
    ]);
    const extra = await f.api.post(
      "/api/v2/automation-rules",
      {
        name: "Extra",
        trigger: { ...stale(3), triggerValue: { ...stale(3).triggerValue, when: "now" } },
        action: close,
      },
      { as: f.admin },
    );
    expect(extra.statusCode).toBe(422);
    expect(extra.json()).toMatchObject({ errors: [{ field: "trigger.triggerValue.when" }] });
    const type = await f.api.post(
      "/api/v2/automation-rules",
      { name: "Type", trigger: { triggerType: "reportCountTrigger", triggerValue: {} }, action: close },
      { as: f.admin },
    );
    expect(type.statusCode).toBeGreaterThanOrEqual(400);
    expect(type.statusCode).toBeLessThan(500);
    expect(
      (await f.api.get("/api/v2/automation-rules", { as: f.admin })).json<RuleRecord[]>().map((r) => r.name),
    ).not.toContain("Bad");
  });
});
