import { describe, expect, it } from "vitest";
import { type Conversation, type LiveConversationMessage, type LiveCounts, type Notification } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { eventually, useLiveServer } from "../../test/live.ts";

const cast = {
  amy: { name: "Amy Live", role: "member", bypassSpam: true },
  bo: { name: "Bo Live", role: "member", bypassSpam: true },
  cy: { name: "Cy Live", role: "member", bypassSpam: true },
} as const;

describe.each(engines)("conversations on the live stream on %s", (engine) => {
  const server = useLiveServer(engine, cast);

  const connect = async (as: Session) => {
    const stream = await server.connect(as);
    expect(stream.status).toBe(200);
    return stream;
  };

  it("tells the recipient (and only the participants) of a new message, with their unread conversations count", async () => {
    const { f } = server;
    const bo = await connect(f.as.bo);
    const cy = await connect(f.as.cy);
    // A fresh stream starts with both badges' numbers.
    expect(JSON.parse((await bo.waitFor("counts")).data)).toEqual({
      countUnreadNotifications: 0,
      countUnreadConversations: 0,
    });
    const response = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.bo.userID], initialBody: "Are you there?", initialFormat: "text" },
      { as: f.as.amy },
    );
    expect(response.statusCode).toBe(201);
    const conversation = response.json<Conversation>();
    const event = await bo.waitFor("message");
    expect(JSON.parse(event.data) as LiveConversationMessage).toMatchObject({
      conversationID: conversation.conversationID,
      insertUserID: f.users.amy.userID,
    });
    const notification = JSON.parse((await bo.waitFor("notification")).data) as Notification;
    expect(notification).toMatchObject({ activityType: "ConversationMessage", recordID: conversation.conversationID });
    // The counts follow the notification on the stream.
    await eventually(() => bo.data<LiveCounts>("counts").at(-1)?.countUnreadConversations === 1);

    // The reply reaches Amy live; Cy, who takes no part, hears nothing of either.
    const amy = await connect(f.as.amy);
    await amy.waitFor("counts");
    const reply = await f.api.post(
      "/api/v2/messages",
      { conversationID: conversation.conversationID, body: "Yes!", format: "text" },
      { as: f.as.bo },
    );
    expect(reply.statusCode).toBe(201);
    const heard = JSON.parse((await amy.waitFor("message")).data) as LiveConversationMessage;
    expect(heard).toMatchObject({ conversationID: conversation.conversationID, insertUserID: f.users.bo.userID });
    // Then a message to Cy: on Cy's stream it comes after anything Cy heard of the others'.
    const toCy = await f.api.post(
      "/api/v2/conversations",
      { participantUserIDs: [f.users.cy.userID], initialBody: "Cy?", initialFormat: "text" },
      { as: f.as.bo },
    );
    expect(toCy.statusCode).toBe(201);
    const toCyID = toCy.json<Conversation>().conversationID;
    await cy.waitFor("message");
    await cy.waitFor("notification");
    expect(cy.data<LiveConversationMessage>("message").map((m) => m.conversationID)).toEqual([toCyID]);
    expect(cy.data<Notification>("notification").map((n) => n.recordID)).toEqual([toCyID]);
    await eventually(() => amy.data<LiveCounts>("counts").at(-1)?.countUnreadConversations === 1);

    // Reading it sends Amy's new counts.
    const before = amy.data<LiveCounts>("counts").length;
    await f.api.get(`/api/v2/messages?conversationID=${conversation.conversationID}`, { as: f.as.amy });
    await amy.waitFor("counts", before + 1);
    expect(amy.data<LiveCounts>("counts").at(-1)).toMatchObject({ countUnreadConversations: 0 });
  });
});
