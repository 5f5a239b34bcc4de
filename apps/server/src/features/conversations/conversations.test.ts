import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  paginationHeaders,
  type Conversation,
  type ConversationMessage,
  type ConversationParticipant,
  type Me,
  type MeCounts,
  type Notification,
} from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { createUser, type Session } from "../../test/accounts.ts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { Type, type TSchema } from "typebox";
import { Value } from "typebox/value";
import {
  Conversation as ConversationSchema,
  ConversationMessage as MessageSchema,
  UserFragment,
} from "@parley/contracts";

const schemas = { UserFragment, Conversation: ConversationSchema, ConversationMessage: MessageSchema };
function expectSchema(schema: TSchema, value: unknown) {
  expect([...Value.Errors(schemas, schema, value)].slice(0, 5)).toEqual([]);
}

const cast = {
  ann: { name: "Ann Sender", role: "member", bypassSpam: true },
  ben: { name: "Ben Reader", role: "member", bypassSpam: true },
  cid: { name: "Cid Outsider", role: "member", bypassSpam: true },
  dot: { name: "Dot Added", role: "member", bypassSpam: true },
  flo: { name: "Flo Flooder", role: "member" },
  una: { name: "Una Unconfirmed", role: "unconfirmed", emailConfirmed: false },
  mod: { name: "Mo Moderator", role: "moderator" },
} as const;
type Who = keyof typeof cast;

describe.each(engines)("conversations and messages on %s", (engine) => {
  let f: ContentFixture<Who>;
  let bannedID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    // Banned members cannot sign in: made apart from the cast.
    bannedID = (await createUser(f.t.database.db, { name: "Bad Banned", role: "member", banned: true })).userID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const start = async (
    as: Who,
    to: Who[],
    body: string | null = "Hello there.",
    extra: Record<string, unknown> = {},
  ) => {
    const response = await f.api.post(
      "/api/v2/conversations",
      {
        participantUserIDs: to.map((who) => f.users[who].userID),
        ...(body === null ? {} : { initialBody: body, initialFormat: "markdown" }),
        ...extra,
      },
      { as: f.as[as] },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Conversation>();
  };
  const send = async (as: Who, conversationID: number, body: string) => {
    const response = await f.api.post(
      "/api/v2/messages",
      { conversationID, body, format: "markdown" },
      { as: f.as[as] },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ConversationMessage>();
  };
  const unread = async (as: Session) =>
    (await f.api.get("/api/v2/users/me", { as })).json<Me>().countUnreadConversations;
  const list = async (as: Session, query = "") => {
    const response = await f.api.get(`/api/v2/conversations${query ? `?${query}` : ""}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const messagesOf = (as: Session, conversationID: number, query = "") =>
    f.api.get(`/api/v2/messages?conversationID=${conversationID}${query ? `&${query}` : ""}`, { as });

  it("starts a conversation with its first message in one go; the creator takes part and has read it", async () => {
    const c = await start("ann", ["ben"], "Hi **Ben**.");
    expectSchema(Type.Ref("Conversation"), c);
    expect(c).toMatchObject({
      name: "Ben Reader",
      countMessages: 1,
      countParticipants: 2,
      insertUserID: f.users.ann.userID,
      countUnread: 0,
      unread: false,
      url: `http://forum.test/messages/${c.conversationID}`,
      excerpt: "Hi Ben.",
    });
    expect(c.body).toContain("<strong>Ben</strong>");
    expect(c.participants.map((p) => [p.userID, p.status]).sort()).toEqual(
      [
        [f.users.ann.userID, "participating"],
        [f.users.ben.userID, "participating"],
      ].sort(),
    );
    // Ben sees it unread, with the conversations count on /users/me and /users/me-counts.
    expect(await unread(f.as.ben)).toBe(1);
    expect(await unread(f.as.ann)).toBe(0);
    const counts = (await f.api.get("/api/v2/users/me-counts", { as: f.as.ben })).json<MeCounts>();
    expect(counts.counts).toContainEqual({ name: "Conversations", count: 1 });
    const [mine] = (await list(f.as.ben)).json<Conversation[]>();
    expect(mine).toMatchObject({ conversationID: c.conversationID, countUnread: 1, unread: true, name: "Ann Sender" });

    // Reading the messages marks it read for Ben only.
    const read = await messagesOf(f.as.ben, c.conversationID);
    expect(read.statusCode).toBe(200);
    const messages = read.json<ConversationMessage[]>();
    expectSchema(Type.Array(Type.Ref("ConversationMessage")), messages);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ insertUserID: f.users.ann.userID, insertUser: { name: "Ann Sender" } });
    expect(messages[0]!.body).toContain("<strong>Ben</strong>");
    expect(await unread(f.as.ben)).toBe(0);

    // A reply makes it unread for Ann, not for Ben who wrote it.
    await send("ben", c.conversationID, "Hi Ann.");
    expect(await unread(f.as.ann)).toBe(1);
    expect(await unread(f.as.ben)).toBe(0);
    const again = (
      await f.api.get(`/api/v2/conversations/${c.conversationID}?expand=all`, { as: f.as.ann })
    ).json<Conversation>();
    expect(again).toMatchObject({ countMessages: 2, countUnread: 1, excerpt: "Hi Ann." });
    expect(again.insertUser).toMatchObject({ name: "Ann Sender" });
    expect(again.lastMessage).toMatchObject({ insertUserID: f.users.ben.userID, insertUser: { name: "Ben Reader" } });
    await messagesOf(f.as.ann, c.conversationID);
    expect(await unread(f.as.ann)).toBe(0);
  });

  it("keeps conversations to their participants: others get 403, guests are refused, missing ones 404", async () => {
    const c = await start("ann", ["ben"]);
    expect((await f.api.get(`/api/v2/conversations/${c.conversationID}`, { as: f.as.cid })).statusCode).toBe(403);
    expect((await messagesOf(f.as.cid, c.conversationID)).statusCode).toBe(403);
    const post = await f.api.post(
      "/api/v2/messages",
      { conversationID: c.conversationID, body: "Let me in.", format: "text" },
      { as: f.as.cid },
    );
    expect(post.statusCode).toBe(403);
    expect(post.json<{ message: string }>().message).toBe("You are not a participant of this conversation.");
    expect((await list(f.as.cid)).json<Conversation[]>().map((x) => x.conversationID)).not.toContain(c.conversationID);
    // Guests.
    for (const url of [
      "/api/v2/conversations",
      `/api/v2/conversations/${c.conversationID}`,
      `/api/v2/messages?conversationID=${c.conversationID}`,
    ])
      expect([401, 403]).toContain((await f.api.get(url)).statusCode);
    expect([401, 403]).toContain(
      (await f.api.post("/api/v2/conversations", { participantUserIDs: [f.users.ben.userID] })).statusCode,
    );
    expect((await f.api.get("/api/v2/conversations/999999", { as: f.as.ann })).statusCode).toBe(404);
    // Without a conversation, non-moderators must name one.
    const missing = await f.api.get("/api/v2/messages", { as: f.as.ann });
    expect(missing.statusCode).toBe(400);
    // Another member's list needs conversations.moderate; a moderator may read it.
    expect(
      (await f.api.get(`/api/v2/conversations?participantUserID=${f.users.ben.userID}`, { as: f.as.cid })).statusCode,
    ).toBe(403);
    const theirs = (await list(f.as.mod, `participantUserID=${f.users.ben.userID}`)).json<Conversation[]>();
    expect(theirs.map((x) => x.conversationID)).toContain(c.conversationID);
    expect((await messagesOf(f.as.mod, c.conversationID)).statusCode).toBe(200);
  });

  it("refuses without conversations.add, and refuses banned, unknown or only-yourself recipients clearly", async () => {
    const noPermission = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.ben.userID], initialBody: "Hi", initialFormat: "text" },
      { as: f.as.una },
    );
    expect(noPermission.statusCode).toBe(403);
    const banned = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [bannedID], initialBody: "Hi", initialFormat: "text" },
      { as: f.as.ann },
    );
    expect(banned.statusCode).toBe(400);
    expect(banned.json<{ errors: Array<{ field: string; message: string }> }>().errors[0]).toMatchObject({
      field: "participantUserIDs",
      message: "Bad Banned can't receive private messages.",
    });
    const unknown = await f.api.post("/api/v2/conversations", { participantUserIDs: [987654] }, { as: f.as.ann });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("There is no member with the ID 987654.");
    const self = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.ann.userID] },
      { as: f.as.ann },
    );
    expect(self.statusCode).toBe(400);
    const badFormat = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.ben.userID], initialBody: "x", initialFormat: "nope" },
      { as: f.as.ann },
    );
    expect(badFormat.statusCode).toBe(400);
    const tooLong = await f.api.post(
      "/api/v2/messages",
      { conversationID: (await start("ann", ["ben"])).conversationID, body: "x".repeat(2001), format: "text" },
      { as: f.as.ann },
    );
    expect(tooLong.statusCode).toBe(400);
    // The limit counts the message as it reads: a rich2 message of 1,500 characters is longer as JSON, and taken;
    // one of 2,001 is not.
    const rich = (text: string) => JSON.stringify([{ type: "p", children: [{ text }] }]);
    expect(rich("y".repeat(1500)).length).toBeGreaterThan(1500);
    const richConversation = (await start("ann", ["ben"])).conversationID;
    const richMessage = await f.api.post(
      "/api/v2/messages",
      { conversationID: richConversation, body: rich("y".repeat(1990) + " ok"), format: "rich2" },
      { as: f.as.ann },
    );
    expect(richMessage.statusCode, richMessage.body).toBe(201);
    expect(richMessage.json<{ body: string }>().body).toContain("ok");
    const richTooLong = await f.api.post(
      "/api/v2/messages",
      { conversationID: richConversation, body: rich("y".repeat(2001)), format: "rich2" },
      { as: f.as.ann },
    );
    expect([richTooLong.statusCode, richTooLong.json<{ message: string }>().message]).toEqual([
      400,
      expect.any(String),
    ]);
    expect(richTooLong.json()).toMatchObject({ errors: [{ field: "body" }] });
    // Nothing half-made: no conversation was written by the refused requests.
    const before = (await list(f.as.ann)).json<Conversation[]>().length;
    await f.api.post("/api/v2/conversations", { participantUserIDs: [bannedID] }, { as: f.as.ann });
    expect((await list(f.as.ann)).json<Conversation[]>().length).toBe(before);
  });

  it("adds participants, who then read the whole conversation; leaving takes it off your list and out of reach", async () => {
    const c = await start("ann", ["ben"]);
    const added = await f.api.post(
      `/api/v2/conversations/${c.conversationID}/participants`,
      { participantUserIDs: [f.users.dot.userID] },
      { as: f.as.ben },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<ConversationParticipant[]>().map((p) => p.userID)).toContain(f.users.dot.userID);
    expect((await messagesOf(f.as.dot, c.conversationID)).json<ConversationMessage[]>()).toHaveLength(1);
    // Outsiders may not add people.
    expect(
      (
        await f.api.post(
          `/api/v2/conversations/${c.conversationID}/participants`,
          { participantUserIDs: [f.users.cid.userID] },
          { as: f.as.cid },
        )
      ).statusCode,
    ).toBe(403);

    const participants = await f.api.get(`/api/v2/conversations/${c.conversationID}/participants?limit=2`, {
      as: f.as.ann,
    });
    expect(participants.statusCode).toBe(200);
    expect(participants.headers[paginationHeaders.resultCount]).toBe("3");
    expect(participants.json<ConversationParticipant[]>()).toHaveLength(2);

    const left = await f.api.delete(`/api/v2/conversations/${c.conversationID}/leave`, { as: f.as.dot });
    expect(left.statusCode).toBe(204);
    expect((await list(f.as.dot)).json<Conversation[]>().map((x) => x.conversationID)).not.toContain(c.conversationID);
    expect((await messagesOf(f.as.dot, c.conversationID)).statusCode).toBe(403);
    const after = (await f.api.get(`/api/v2/conversations/${c.conversationID}`, { as: f.as.ann })).json<Conversation>();
    expect(after.countParticipants).toBe(2);
    expect(after.participants.find((p) => p.userID === f.users.dot.userID)?.status).toBe("deleted");
    // New messages no longer count as unread for someone who left.
    const before = await unread(f.as.dot);
    await send("ann", c.conversationID, "After Dot left.");
    expect(await unread(f.as.dot)).toBe(before);
  });

  it("notifies the other participants (never the sender), grouped per conversation", async () => {
    const c = await start("ann", ["ben", "cid"], "Group hello.", { name: "Trip & plans" });
    const notificationsOf = async (as: Session) =>
      (await f.api.get("/api/v2/notifications", { as }))
        .json<Notification[]>()
        .filter((n) => n.recordType === "conversation" && n.recordID === c.conversationID);
    const [forBen] = await notificationsOf(f.as.ben);
    expect(forBen).toMatchObject({
      activityType: "ConversationMessage",
      body: "<b>Ann Sender</b> sent you a message: <b>Trip &amp; plans</b>.",
      url: `http://forum.test/messages/${c.conversationID}#latest`,
      read: false,
    });
    expect(await notificationsOf(f.as.cid)).toHaveLength(1);
    expect(await notificationsOf(f.as.ann)).toHaveLength(0);
    // Reading the conversation reads its notification.
    await messagesOf(f.as.ben, c.conversationID);
    expect((await notificationsOf(f.as.ben))[0]!.read).toBe(true);
    await send("ben", c.conversationID, "Count me in.");
    expect(await notificationsOf(f.as.ben)).toHaveLength(1);
    const [forAnn] = await notificationsOf(f.as.ann);
    expect(forAnn).toMatchObject({ activityType: "ConversationMessage", count: 1 });
    // Preferences apply: Cid turns private-message notifications off.
    const patched = await f.api.patch(
      "/api/v2/notification-preferences",
      { ConversationMessage: { popup: false, email: false } },
      { as: f.as.cid },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    await f.api.patch("/api/v2/notifications", { read: true }, { as: f.as.cid });
    await send("ann", c.conversationID, "Anyone?");
    expect((await notificationsOf(f.as.cid)).every((n) => n.read)).toBe(true);
  });

  it("pages conversations with a more-pager and messages with a numbered pager", async () => {
    const c = await start("cid", ["dot"], "One.");
    await send("cid", c.conversationID, "Two.");
    await send("dot", c.conversationID, "Three.");
    const page = await messagesOf(f.as.cid, c.conversationID, "limit=2");
    expect(page.headers[paginationHeaders.resultCount]).toBe("3");
    expect(page.headers[paginationHeaders.nextUrl]).toContain("page=2");
    expect(page.json<ConversationMessage[]>().map((m) => m.body.trim())).toEqual(["<p>One.</p>", "<p>Two.</p>"]);
    const last = await messagesOf(f.as.cid, c.conversationID, "limit=2&page=2");
    expect(last.json<ConversationMessage[]>()).toHaveLength(1);
    expect(last.headers[paginationHeaders.nextUrl]).toBeUndefined();

    await start("cid", ["ann"], "Another.");
    const first = await list(f.as.cid, "limit=1");
    expect(first.headers[paginationHeaders.nextUrl]).toContain("page=2");
    expect(first.headers[paginationHeaders.resultCount]).toBeUndefined();
    // Most recently active first.
    expect(first.json<Conversation[]>()[0]!.excerpt).toBe("Another.");
    const rest = await list(f.as.cid, "limit=100");
    expect(rest.headers[paginationHeaders.nextUrl]).toBeUndefined();
  });

  it("lists conversations in a fixed number of queries whatever the page size", async () => {
    for (let i = 0; i < 5; i++) await start("mod", ["ann", "ben"], `Note ${i}.`);
    const page = (limit: number) => f.api.get(`/api/v2/conversations?limit=${limit}&expand=all`, { as: f.as.mod });
    expect((await page(20)).json<unknown[]>().length).toBeGreaterThanOrEqual(5);
    expect(await fewestQueries(() => page(20))).toBe(await fewestQueries(() => page(1)));
  });

  it("refuses new messages while conversations are turned off, and counts none unread", async () => {
    const c = await start("ann", ["ben"], "Before the switch.");
    expect(await unread(f.as.ben)).toBeGreaterThan(0);
    await f.t.app.platform.siteConfig.set("conversations.enabled", false);
    try {
      expect(await unread(f.as.ben)).toBe(0);
      const refused = await f.api.post(
        "/api/v2/messages",
        { conversationID: c.conversationID, body: "Still there?", format: "text" },
        { as: f.as.ann },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe("Private messages are turned off on this site.");
      expect(
        (await f.api.post("/api/v2/conversations", { participantUserIDs: [f.users.ben.userID] }, { as: f.as.ann }))
          .statusCode,
      ).toBe(403);
    } finally {
      await f.t.app.platform.siteConfig.set("conversations.enabled", true);
    }
    await messagesOf(f.as.ben, c.conversationID);
  });

  it("applies flood control to messages like comments", async () => {
    const c = await start("ann", ["flo"]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await f.api.post(
            "/api/v2/messages",
            { conversationID: c.conversationID, body: `Flood ${i}`, format: "text" },
            { as: f.as.flo },
          )
        ).statusCode,
      );
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses[3]).toBe(429);
  });

  describe("when a participant's account is deleted", () => {
    /** A member who writes in conversations and is then deleted with the method. */
    const writer = async (name: string) => {
      const user = await createUser(f.t.database.db, { name, role: "member" });
      await f.t.database.db.updateTable("users").set({ bypassSpam: 1 }).where("userID", "=", user.userID).execute();
      return { user, session: await f.api.signIn(user) };
    };
    const deleteUser = async (userID: number, deleteMethod: string) =>
      expect(
        (await f.api.request("DELETE", `/api/v2/users/${userID}`, { as: f.admin, body: { deleteMethod } })).statusCode,
      ).toBe(204);
    const post = async (as: Session, conversationID: number, body: string) => {
      const response = await f.api.post("/api/v2/messages", { conversationID, body, format: "text" }, { as });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ConversationMessage>();
    };
    const unreadOf = async (as: Session, conversationID: number) =>
      (await list(as)).json<Conversation[]>().find((c) => c.conversationID === conversationID)?.unread;

    it("keeps their messages with deleteMethod keep, and blanks them with wipe", async () => {
      const kept = await writer("Kip Keeps");
      const wiped = await writer("Wes Wiped");
      const c = await start("ann", ["ben"]);
      for (const { user } of [kept, wiped])
        await f.api.post(
          `/api/v2/conversations/${c.conversationID}/participants`,
          { participantUserIDs: [user.userID] },
          { as: f.as.ann },
        );
      await post(kept.session, c.conversationID, "Kip was here.");
      await post(wiped.session, c.conversationID, "Wes was here.");
      await deleteUser(kept.user.userID, "keep");
      await deleteUser(wiped.user.userID, "wipe");
      const bodies = (await messagesOf(f.as.ann, c.conversationID)).json<ConversationMessage[]>().map((m) => m.body);
      expect(bodies).toHaveLength(3);
      expect(bodies[1]).toContain("Kip was here.");
      expect(bodies[2]).toContain("This content has been removed.");
      expect(bodies.join()).not.toContain("Wes was here.");
      expect((await f.api.get(`/api/v2/conversations/${c.conversationID}`, { as: f.as.ann })).json()).toMatchObject({
        countMessages: 3,
        countParticipants: 4,
      });
    });

    it("deletes with deleteMethod delete the conversations they started and their messages elsewhere, counts following", async () => {
      const gone = await writer("Del Gone");
      // Started by the deleted member: goes whole, with its notification.
      const theirs = await f.api.post(
        "/api/v2/conversations",
        { participantUserIDs: [f.users.ben.userID], initialBody: "Mine.", initialFormat: "text" },
        { as: gone.session },
      );
      expect(theirs.statusCode).toBe(201);
      const theirsID = theirs.json<Conversation>().conversationID;
      // Started by Ann: their message goes, and Ben's read count loses it.
      const c = await start("ann", ["ben"], "First.");
      await f.api.post(
        `/api/v2/conversations/${c.conversationID}/participants`,
        { participantUserIDs: [gone.user.userID] },
        { as: f.as.ann },
      );
      await post(gone.session, c.conversationID, "Second, from Del.");
      expect((await messagesOf(f.as.ben, c.conversationID)).statusCode).toBe(200); // Ben has read 2.
      const third = await post(f.as.ann, c.conversationID, "Third.");
      expect(await unreadOf(f.as.ben, c.conversationID)).toBe(true);
      const notificationsAbout = (id: number) =>
        f.t.database.db
          .selectFrom("notifications")
          .select("notificationID")
          .where("recordType", "=", "conversation")
          .where("recordID", "=", id)
          .execute();
      expect(await notificationsAbout(theirsID)).toHaveLength(1);

      await deleteUser(gone.user.userID, "delete");

      expect((await f.api.get(`/api/v2/conversations/${theirsID}`, { as: f.as.ben })).statusCode).toBe(404);
      expect(await notificationsAbout(theirsID)).toEqual([]);
      expect((await list(f.as.ben)).json<Conversation[]>().map((x) => x.conversationID)).not.toContain(theirsID);
      const after = (
        await f.api.get(`/api/v2/conversations/${c.conversationID}`, { as: f.as.ann })
      ).json<Conversation>();
      expect(after).toMatchObject({ countMessages: 2, countParticipants: 2 });
      expect(after.participants.map((p) => p.userID)).not.toContain(gone.user.userID);
      // Ben had read "First." and Del's message, not "Third.": still unread.
      expect(await unreadOf(f.as.ben, c.conversationID)).toBe(true);
      const messages = (await messagesOf(f.as.ben, c.conversationID)).json<ConversationMessage[]>();
      expect(messages.map((m) => m.messageID)).toEqual([messages[0]!.messageID, third.messageID]);
      expect(await unreadOf(f.as.ben, c.conversationID)).toBe(false);
      const rows = await f.t.database.db
        .selectFrom("conversationMessages")
        .select("messageID")
        .where("insertUserID", "=", gone.user.userID)
        .execute();
      expect(rows).toEqual([]);
    });
  });
});
