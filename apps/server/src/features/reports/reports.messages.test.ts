import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Report, reportMessages, type ConversationMessage } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Sender", role: "member", bypassSpam: true },
  ben: { name: "Ben Receiver", role: "member", bypassSpam: true },
  cid: { name: "Cid Outsider", role: "member", bypassSpam: true },
  dee: { name: "Dee Departing", role: "member", bypassSpam: true },
  mod: { name: "Mo Moderator", role: "moderator", bypassSpam: true },
  // A new account the spam check looks at (no bypass).
  sam: { name: "Sam Newcomer", role: "member" },
} as const;
type Who = keyof typeof cast;

/**
 * Reports of private messages (issue 30): the screen reports a message that matched a flag or approval word or
 * that the spam check doubted; a participant reports a message they received; moderators (community.moderate)
 * read the report's snapshot without taking part in the conversation; the message's author never sees it.
 */
describe.each(engines)("reports of private messages on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    for (const [word, action] of [
      ["kumquat", "flag"],
      ["persimmon", "approval"],
    ]) {
      const added = await f.api.post("/api/v2/watched-words", { word, action }, { as: f.admin });
      expect(added.statusCode, added.body).toBe(201);
    }
  });
  afterAll(async () => {
    await f?.t.close();
  });

  /** Starts a conversation and answers its first message as the recipient reads it. */
  const start = async (from: Who, to: Who, body: string) => {
    const response = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users[to].userID], initialBody: body, initialFormat: "markdown" },
      { as: f.as[from] },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { conversationID } = response.json<{ conversationID: number }>();
    return { conversationID, message: (await messagesOf(conversationID, f.as[to])).at(-1)! };
  };
  const messagesOf = async (conversationID: number, as: Session) => {
    const response = await f.api.get(`/api/v2/messages?conversationID=${conversationID}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ConversationMessage[]>();
  };
  const reply = async (from: Who, conversationID: number, body: string) => {
    const response = await f.api.post(
      "/api/v2/messages",
      { conversationID, body, format: "markdown" },
      { as: f.as[from] },
    );
    // Delivered (201), never held: conversations are not premoderated.
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ConversationMessage>();
  };
  const reportsOf = async (messageID: number, as: Session = f.as.mod) => {
    const response = await f.api.get(`/api/v2/reports?recordType=message&recordID=${messageID}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Report[]>();
  };
  const report = (messageID: number, as: Session | null) =>
    f.api.post(
      "/api/v2/reports",
      { recordType: "message", recordID: messageID, reportReasonIDs: ["abuse"], noteBody: "Rude." },
      { as },
    );
  const systemID = async () =>
    (
      await f.t.database.db
        .selectFrom("users")
        .select("userID")
        .where("email", "=", "system@parley.invalid")
        .executeTakeFirst()
    )?.userID;

  it("reports a message with a flag word: delivered, and a moderator lists and reads the snapshot", async () => {
    const { conversationID, message } = await start("ann", "ben", "Try the **kumquat** jam.");
    expect(message.body).toContain("kumquat");
    const listed = await reportsOf(message.messageID);
    expect(listed).toHaveLength(1);
    const filed = listed[0]!;
    expectSchema(Report, filed);
    expect(filed).toMatchObject({
      recordType: "message",
      recordID: message.messageID,
      recordName: "",
      placeRecordType: "conversation",
      placeRecordID: conversationID,
      recordUserID: f.users.ann.userID,
      recordUser: { name: "Ann Sender" },
      recordExcerpt: "Try the kumquat jam.",
      reportReasonIDs: ["inappropriate"],
      status: "new",
      countReports: 1,
      isPending: false,
    });
    expect(filed.recordHtml).toContain("<strong>kumquat</strong>");
    expect(filed.recordDateInserted).toBe(message.dateInserted);
    expect(filed.noteBody).toContain("watched word (flag): kumquat");
    expect(filed.insertUserID).toBe(await systemID());
    // In the queue, and readable by ID, by a moderator who takes no part in the conversation.
    const queue = (await f.api.get("/api/v2/reports", { as: f.as.mod })).json<Report[]>();
    expect(queue.map((row) => row.reportID)).toContain(filed.reportID);
    const read = await f.api.get(`/api/v2/reports/${filed.reportID}`, { as: f.as.mod });
    expect(read.statusCode).toBe(200);
    expect(read.json<Report>().recordHtml).toBe(filed.recordHtml);
  });

  it("reports a message with an approval word: delivered (messages are not held) and reported", async () => {
    const { conversationID } = await start("ann", "ben", "Hello Ben.");
    const sent = await reply("ann", conversationID, "Persimmon season again.");
    expect((await messagesOf(conversationID, f.as.ben)).map((m) => m.messageID)).toContain(sent.messageID);
    const [filed] = await reportsOf(sent.messageID);
    expect(filed).toMatchObject({ recordType: "message", recordUserID: f.users.ann.userID, status: "new" });
    expect(filed!.noteBody).toContain("watched word (require approval): persimmon");
    expect(filed!.recordHtml).toContain("Persimmon season again.");
  });

  it("reports a message the spam check finds maybe", async () => {
    const { conversationID } = await start("ann", "sam", "Welcome, Sam.");
    const sent = await reply(
      "sam",
      conversationID,
      "Have a look at https://deals.example.org/offer and https://cheap.example.net/deal for you !!!",
    );
    expect((await messagesOf(conversationID, f.as.ann)).map((m) => m.messageID)).toContain(sent.messageID);
    const [filed] = await reportsOf(sent.messageID);
    expect(filed).toMatchObject({ recordType: "message", recordUserID: f.users.sam.userID, reportReasonIDs: ["spam"] });
    expect(filed!.noteBody).toMatch(/^spam check maybe/);
    const verdict = await f.t.database.db
      .selectFrom("spamVerdicts")
      .select(["verdict", "recordType", "recordID"])
      .where("userID", "=", f.users.sam.userID)
      .executeTakeFirstOrThrow();
    expect(verdict).toEqual({ verdict: "maybe", recordType: "message", recordID: sent.messageID });
  });

  it("files nothing for a clean message", async () => {
    const { message } = await start("ann", "ben", "Lunch on Friday?");
    expect(await reportsOf(message.messageID)).toEqual([]);
  });

  it("takes a participant's report of a message they received; not from others, nor of one's own", async () => {
    const { conversationID, message } = await start("ann", "ben", "You are *hopeless*.");
    expect((await report(message.messageID, f.as.cid)).statusCode).toBe(403);
    // A moderator who takes no part reports nothing of the conversation either.
    expect((await report(message.messageID, f.as.mod)).statusCode).toBe(403);
    expect([401, 403]).toContain((await report(message.messageID, null)).statusCode);
    expect((await report(999999, f.as.ben)).statusCode).toBe(404);
    const own = await report(message.messageID, f.as.ann);
    expect(own.statusCode).toBe(403);
    expect(own.body).toContain(reportMessages.ownMessage);

    const created = await report(message.messageID, f.as.ben);
    expect(created.statusCode, created.body).toBe(201);
    const filed = created.json<Report>();
    expectSchema(Report, filed);
    expect(filed).toMatchObject({
      recordType: "message",
      recordID: message.messageID,
      placeRecordType: "conversation",
      placeRecordID: conversationID,
      recordUserID: f.users.ann.userID,
      insertUserID: f.users.ben.userID,
      insertUser: { name: "Ben Receiver" },
      reportReasons: [{ reportReasonID: "abuse" }],
      noteBody: "Rude.",
      recordDateInserted: message.dateInserted,
    });
    expect(filed.recordHtml).toContain("<em>hopeless</em>");
    expect((await reportsOf(message.messageID)).map((row) => row.reportID)).toEqual([filed.reportID]);
    // Nothing else of the conversation: the report carries no subject and no other message.
    expect(JSON.stringify(filed)).not.toContain("Ann Sender, Ben Receiver");
  });

  it("lets no member list or read reports, and never shows its author a report of their message", async () => {
    const { message } = await start("ann", "ben", "More kumquat for you.");
    const [filed] = await reportsOf(message.messageID);
    for (const as of [f.as.ben, f.as.ann]) {
      expect((await f.api.get("/api/v2/reports", { as })).statusCode).toBe(403);
      expect((await f.api.get(`/api/v2/reports/${filed!.reportID}`, { as })).statusCode).toBe(403);
    }
    // A moderator's own flagged message: reported, shown to other moderators, not to them.
    const { message: theirs } = await start("mod", "ben", "A kumquat from the moderator.");
    const [ofMod] = await reportsOf(theirs.messageID, f.admin);
    expect(ofMod).toMatchObject({ recordUserID: f.users.mod.userID });
    expect(await reportsOf(theirs.messageID, f.as.mod)).toEqual([]);
    const all = (await f.api.get("/api/v2/reports?limit=500", { as: f.as.mod })).json<Report[]>();
    expect(all.map((row) => row.reportID)).not.toContain(ofMod!.reportID);
    expect((await f.api.get(`/api/v2/reports/${ofMod!.reportID}`, { as: f.as.mod })).statusCode).toBe(404);
    expect((await f.api.post(`/api/v2/reports/${ofMod!.reportID}/dismiss`, {}, { as: f.as.mod })).statusCode).toBe(404);
  });

  it("dismisses a message's report; refuses the actions that are for posts", async () => {
    const { message } = await start("ann", "ben", "Kumquat again.");
    const [filed] = await reportsOf(message.messageID);
    const reject = await f.api.patch(`/api/v2/reports/${filed!.reportID}/reject-record`, {}, { as: f.as.mod });
    expect(reject.statusCode).toBe(422);
    expect(reject.body).toContain(reportMessages.notForMessages);
    const approve = await f.api.patch(`/api/v2/reports/${filed!.reportID}/approve-record`, {}, { as: f.as.mod });
    expect(approve.statusCode).toBe(422);
    // The message is still there for its participants.
    expect((await messagesOf(filed!.placeRecordID, f.as.ben)).map((m) => m.messageID)).toContain(message.messageID);
    const dismissed = await f.api.post(`/api/v2/reports/${filed!.reportID}/dismiss`, {}, { as: f.as.mod });
    expect(dismissed.statusCode, dismissed.body).toBe(201);
    expect(dismissed.json<Report>().status).toBe("dismissed");
    expect(await reportsOf(message.messageID)).toEqual([]);
  });

  it("keeps the snapshot once the message is gone (its author deleted with their content)", async () => {
    const { message } = await start("dee", "ben", "Goodbye, *cruel* forum.");
    const filed = (await report(message.messageID, f.as.ben)).json<Report>();
    const removed = await f.api.request("DELETE", `/api/v2/users/${f.users.dee.userID}`, {
      as: f.admin,
      body: { deleteMethod: "delete" },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const gone = await f.t.database.db
      .selectFrom("conversationMessages")
      .select("messageID")
      .where("messageID", "=", message.messageID)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const read = await f.api.get(`/api/v2/reports/${filed.reportID}`, { as: f.as.mod });
    expect(read.statusCode).toBe(200);
    expect(read.json<Report>()).toMatchObject({
      recordID: message.messageID,
      recordDateInserted: message.dateInserted,
      recordExcerpt: "Goodbye, cruel forum.",
    });
    expect(read.json<Report>().recordHtml).toContain("<em>cruel</em>");
  });
});
