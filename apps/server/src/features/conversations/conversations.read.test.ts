import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../test/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { createConversationsRepo } from "./conversations.repo.ts";

/*
 * A member's read count moves only forward (issue 25): a view that read the message count before a
 * concurrent message (the member's own, counted read when it was sent) must not mark it unread again.
 */
describe.each(engines)("conversation read counts on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("never lowers a member's read count when a view with an older count lands late", async () => {
    const repo = createConversationsRepo(database.db);
    const ann = await createUser(database.db, { name: "Reader Ann", role: "member", password: null });
    const date = new Date().toISOString();
    const conversationID = await repo.insertConversation({ name: null, insertUserID: ann.userID, date });
    await repo.addParticipants(conversationID, [ann.userID]);
    const first = await repo.insertMessage({
      conversationID,
      body: "One",
      format: "text",
      insertUserID: ann.userID,
      dateInserted: date,
      insertIPAddress: null,
    });
    // A view read the count here (1) ...
    const second = await repo.insertMessage({
      conversationID,
      body: "Two",
      format: "text",
      insertUserID: ann.userID,
      dateInserted: date,
      insertIPAddress: null,
    });
    await repo.markRead(ann.userID, conversationID, second.countMessages, date);
    // ... and writes it after her own second message was counted read.
    await repo.markRead(ann.userID, conversationID, first.countMessages, date);
    expect((await repo.participation(ann.userID, conversationID))?.countReadMessages).toBe(2);
  });
});
