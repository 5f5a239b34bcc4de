import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AutomationCatalog,
  AutomationDispatch,
  AutomationRule,
  type AutomationDispatch as DispatchRecord,
  type AutomationRule as RuleRecord,
  type Report,
} from "@parley/contracts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { seededAdmin } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { startSmtpServer } from "../../test/smtp.ts";
import { AUTOMATION_JOB } from "./index.ts";

const DAY = 24 * 60 * 60_000;

const cast = {
  author: { name: "Event Author", role: "member", bypassSpam: true },
  one: { name: "Event Reporter One", role: "member" },
  two: { name: "Event Reporter Two", role: "member" },
  three: { name: "Event Reporter Three", role: "member" },
} as const;
type Who = keyof typeof cast;

/** A message the test SMTP server received: its subject and its text (quoted-printable decoded). */
function parse(data: string) {
  const [head = "", ...rest] = data.split(/\r?\n\r?\n/);
  const subject = /^subject: (.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
  const body = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject, body };
}

describe.each(engines)("automation rules' event triggers and actions on %s", (engine) => {
  let f: ContentFixture<Who>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let watched: number;
  let other: number;

  const category = async (name: string, urlcode: string) => {
    const response = await f.api.post("/api/v2/categories", { name, urlcode }, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ categoryID: number }>().categoryID;
  };
  const create = async (body: Record<string, unknown>) => {
    const response = await f.api.post("/api/v2/automation-rules", body, { as: f.admin });
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(AutomationRule, response.json());
    return response.json<RuleRecord>();
  };
  const deactivate = (rule: RuleRecord) =>
    f.api.put(`/api/v2/automation-rules/${rule.automationRuleID}/status`, { status: "inactive" }, { as: f.admin });
  const dispatches = async (rule: RuleRecord) => {
    const response = await f.api.get(`/api/v2/automation-rules/${rule.automationRuleID}/dispatches`, {
      as: f.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const item of response.json<unknown[]>()) expectSchema(AutomationDispatch, item);
    return response.json<DispatchRecord[]>();
  };
  const report = async (who: Who, recordType: string, recordID: number) => {
    const response = await f.api.post(
      "/api/v2/reports",
      { recordType, recordID, reportReasonIDs: ["spam"] },
      { as: f.as[who] },
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  const reportsOf = async (recordType: string, recordID: number) => {
    const response = await f.api.get(`/api/v2/reports?recordType=${recordType}&recordID=${recordID}`, {
      as: f.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Report[]>();
  };
  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parse(mail.data));
  const sendEmail = (emailSubject: string, emailBody: string) => ({
    actionType: "sendEmailAction",
    actionValue: { emailSubject, emailBody },
  });

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    // A session that outlasts the days the last test moves the clock by.
    f.admin = await f.api.signIn(seededAdmin, { persist: true });
    smtp = await startSmtpServer({ user: "parley", password: "right-password" });
    await f.t.app.platform.siteConfig.setMany({
      "smtp.host": "127.0.0.1",
      "smtp.port": smtp.port,
      "smtp.user": "parley",
      "smtp.password": "right-password",
      "smtp.security": "none",
    });
    watched = await category("Event Watched", "event-watched");
    other = await category("Event Other", "event-other");
  });
  afterAll(async () => {
    await smtp?.close();
    await f?.t.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it("lists the new triggers and the actions each takes, and refuses an action its trigger does not take", async () => {
    const response = await f.api.get("/api/v2/automation-rules/catalog", { as: f.admin });
    expectSchema(AutomationCatalog, response.json());
    const catalog = response.json<AutomationCatalog>();
    expect(catalog.triggers.newUserTrigger).toMatchObject({
      contentType: "users",
      triggerActions: ["sendEmailAction"],
    });
    expect(catalog.triggers.reportPostTrigger?.triggerActions).toEqual(["sendEmailAction", "createEscalationAction"]);
    expect(catalog.actions.createEscalationAction?.actionTriggers).toContain("newCommentTrigger");
    const refused = await f.api.post(
      "/api/v2/automation-rules",
      {
        name: "Close members",
        trigger: { triggerType: "newUserTrigger", triggerValue: {} },
        action: { actionType: "closeDiscussionAction", actionValue: {} },
      },
      { as: f.admin },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: { field: string }[] }>().errors.map((error) => error.field)).toEqual([
      "action.actionType",
    ]);
    const badValue = await f.api.post(
      "/api/v2/automation-rules",
      {
        name: "Bad",
        trigger: { triggerType: "reportPostTrigger", triggerValue: { countReports: 0 } },
        action: sendEmail("", "Body"),
      },
      { as: f.admin },
    );
    expect(badValue.statusCode).toBe(422);
    expect(
      badValue
        .json<{ errors: { field: string }[] }>()
        .errors.map((error) => error.field)
        .sort(),
    ).toEqual(["action.actionValue.emailSubject", "trigger.triggerValue.countReports"]);
  });

  it("e-mails each new member once as they join (newUserTrigger, sendEmailAction)", async () => {
    const rule = await create({
      name: "Welcome",
      trigger: { triggerType: "newUserTrigger", triggerValue: {} },
      action: sendEmail("Welcome aboard", "Glad you joined.\n\nRead the rules first."),
      status: "active",
    });
    const made = await f.api.post(
      "/api/v2/users",
      { name: "Newcomer Nell", email: "nell@people.test", password: "long enough 1" },
      { as: f.admin },
    );
    expect(made.statusCode, made.body).toBe(201);
    const userID = made.json<{ userID: number }>().userID;
    const mails = mailsTo("nell@people.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Welcome aboard");
    expect(mails[0]!.body).toContain("Glad you joined.");
    expect(mails[0]!.body).toContain("Read the rules first.");
    const log = await dispatches(rule);
    expect(
      log.map((item) => [item.dispatchType, item.dispatchStatus, item.affectedRecordType, item.affectedRecordCount]),
    ).toEqual([["triggered", "success", "user", 1]]);
    // The same member's event again (another process seeing it, say) is not acted on twice.
    await f.t.app.platform.events.emit("user.created", { userID });
    expect(mailsTo("nell@people.test")).toHaveLength(1);
    expect(await dispatches(rule)).toHaveLength(1);
    await deactivate(rule);
  });

  it("escalates each new comment in its categories to the moderators (newCommentTrigger, createEscalationAction)", async () => {
    const rule = await create({
      name: "Watch comments",
      trigger: { triggerType: "newCommentTrigger", triggerValue: { categoryID: [watched] } },
      action: { actionType: "createEscalationAction", actionValue: { noteBody: "Check new comments here." } },
      status: "active",
    });
    const inside = await postDiscussion(f.api, f.as.author, { categoryID: watched, name: "Watched thread" });
    const outside = await postDiscussion(f.api, f.as.author, { categoryID: other, name: "Other thread" });
    const watchedComment = await postComment(f.api, f.as.author, inside.discussionID, "A comment to check.");
    const otherComment = await postComment(f.api, f.as.author, outside.discussionID, "A comment left alone.");
    const filed = await reportsOf("comment", watchedComment.commentID);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      status: "new",
      noteBody: "Check new comments here.",
      reportReasonIDs: ["inappropriate"],
    });
    expect(await reportsOf("comment", otherComment.commentID)).toEqual([]);
    const log = await dispatches(rule);
    expect(log.map((item) => [item.dispatchStatus, item.affectedRecordType, item.affectedRecordCount])).toEqual([
      ["success", "comment", 1],
    ]);
    await deactivate(rule);
  });

  it("acts on a post once as its reports reach the count (reportPostTrigger): mails its author, escalates", async () => {
    const mail = await create({
      name: "Tell the author",
      trigger: { triggerType: "reportPostTrigger", triggerValue: { countReports: 2 } },
      action: sendEmail("Your post was reported", "Members reported your post twice."),
      status: "active",
    });
    const escalate = await create({
      name: "Escalate reported",
      trigger: { triggerType: "reportPostTrigger", triggerValue: { countReports: 2, categoryID: [watched] } },
      action: { actionType: "createEscalationAction", actionValue: {} },
      status: "active",
    });
    const reported = await postDiscussion(f.api, f.as.author, { categoryID: watched, name: "Reported thread" });
    const elsewhere = await postDiscussion(f.api, f.as.author, { categoryID: other, name: "Reported elsewhere" });
    const authorEmail = f.users.author.email;

    await report("one", "discussion", reported.discussionID);
    expect(mailsTo(authorEmail)).toEqual([]);
    expect(await dispatches(mail)).toEqual([]);

    await report("two", "discussion", reported.discussionID);
    const mails = mailsTo(authorEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your post was reported");
    expect(mails[0]!.body).toContain("Members reported your post twice.");
    expect(mails[0]!.body).toContain(reported.url);
    // The escalation: a third report, the site's, with the rule's name as its note.
    const filed = await reportsOf("discussion", reported.discussionID);
    expect(filed).toHaveLength(3);
    expect(filed.map((item) => item.noteBody)).toContain("Automation rule: Escalate reported");

    // A later report (and the escalation's own) acts no more: once per post and rule.
    await report("three", "discussion", reported.discussionID);
    expect(mailsTo(authorEmail)).toHaveLength(1);
    expect((await dispatches(mail)).map((item) => [item.dispatchStatus, item.affectedRecordCount])).toEqual([
      ["success", 1],
    ]);
    expect(await dispatches(escalate)).toHaveLength(1);

    // Outside the escalation rule's categories: mailed, not escalated.
    smtp.received.length = 0;
    await report("one", "discussion", elsewhere.discussionID);
    await report("two", "discussion", elsewhere.discussionID);
    expect(mailsTo(authorEmail)).toHaveLength(1);
    expect(await reportsOf("discussion", elsewhere.discussionID)).toHaveLength(2);
    expect(await dispatches(escalate)).toHaveLength(1);
    await deactivate(mail);
    await deactivate(escalate);
  });

  it("adds idle discussions to a collection once each (staleDiscussionTrigger, addDiscussionToCollectionAction)", async () => {
    const made = await f.api.post("/api/v2/collections", { name: "Quiet threads", records: [] }, { as: f.admin });
    expect(made.statusCode, made.body).toBe(201);
    const { collectionID } = made.json<{ collectionID: number }>();
    const unknown = await f.api.post(
      "/api/v2/automation-rules",
      {
        name: "Unknown collection",
        trigger: {
          triggerType: "staleDiscussionTrigger",
          triggerValue: { triggerTimeDelay: { length: 1, unit: "day" } },
        },
        action: { actionType: "addDiscussionToCollectionAction", actionValue: { collectionID: [collectionID + 1000] } },
      },
      { as: f.admin },
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe("action.actionValue.collectionID");

    const quietCategory = await category("Event Quiet", "event-quiet");
    const quiet = await postDiscussion(f.api, f.as.author, { categoryID: quietCategory, name: "Quiet one" });
    f.t.clock.advance(3 * DAY);
    const rule = await create({
      name: "Collect quiet",
      trigger: {
        triggerType: "staleDiscussionTrigger",
        triggerValue: { triggerTimeDelay: { length: 2, unit: "day" }, categoryID: [quietCategory] },
      },
      action: { actionType: "addDiscussionToCollectionAction", actionValue: { collectionID: [collectionID] } },
      status: "active",
    });
    await f.t.app.platform.jobs.runNow(AUTOMATION_JOB);
    const collected = await f.api.get(
      `/api/v2/collections/by-resource?recordType=discussion&recordID=${quiet.discussionID}`,
      { as: f.admin },
    );
    expect(collected.json<{ collectionID: number }[]>().map((item) => item.collectionID)).toEqual([collectionID]);
    const first = await dispatches(rule);
    expect(first.map((item) => [item.dispatchType, item.dispatchStatus, item.affectedRecordCount])).toEqual([
      ["initial", "success", 1],
    ]);
    // Taken out of the collection by hand, it is not added again: the rule acted on it once.
    await f.api.put(
      "/api/v2/collections/by-resource",
      { record: { recordType: "discussion", recordID: quiet.discussionID }, collectionIDs: [] },
      { as: f.admin },
    );
    f.t.clock.advance(2 * 60 * 60_000);
    await f.t.app.platform.jobs.runNow(AUTOMATION_JOB);
    const again = await f.api.get(
      `/api/v2/collections/by-resource?recordType=discussion&recordID=${quiet.discussionID}`,
      { as: f.admin },
    );
    expect(again.json()).toEqual([]);
    const log = await dispatches(rule);
    expect(log[0]).toMatchObject({ dispatchType: "triggered", estimatedRecordCount: 0, affectedRecordCount: 0 });
  });
});
