import { describe, expect, it, vi } from "vitest";
import { type LiveComment, type LiveCounts, type Notification } from "@parley/contracts";
import { createUser } from "../../test/accounts.ts";
import { TEST_ORIGIN } from "../../test/app.ts";
import { membersMayView, postComment, postDiscussion } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { eventually, useLiveServer, type SseStream } from "../../test/live.ts";
import { defaultLiveOptions, parseLiveCursor } from "./live.hub.ts";

const cast = {
  reader: { name: "Lia Reader", role: "member", bypassSpam: true },
  writer: { name: "Leo Writer", role: "member", bypassSpam: true },
  other: { name: "Lou Other", role: "member", bypassSpam: true },
} as const;

describe.each(engines)("the live stream (SSE over a real connection) on %s", (engine) => {
  const server = useLiveServer(engine, cast);
  const { connect } = server;

  it("refuses guests with 401, as JSON", async () => {
    const stream = await connect(null);
    expect(stream.status).toBe(401);
    expect(stream.headers.get("content-type")).toContain("application/json");
  });

  it("streams a member's notifications and counts, uncompressed and uncached, and replays exactly what a reconnect missed", async () => {
    const { f } = server;
    const d = await postDiscussion(f.api, f.as.reader, { categoryID: f.category.general });
    const stream = await connect(f.as.reader, "", { "accept-encoding": "gzip, br" });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("content-encoding")).toBeNull();
    expect(stream.headers.get("cache-control")).toContain("no-store");
    // A fresh stream starts with the current counts.
    expect(JSON.parse((await stream.waitFor("counts")).data)).toEqual({
      countUnreadNotifications: 0,
      countUnreadConversations: 0,
    });
    expect(stream.retry).toBe(defaultLiveOptions.retryMs);

    const first = await postComment(f.api, f.as.writer, d.discussionID, "First.");
    const event = await stream.waitFor("notification");
    const notification = JSON.parse(event.data) as Notification;
    expect(notification).toMatchObject({ activityType: "DiscussionComment", recordID: first.commentID, read: false });
    // Links are absolute on the site's configured address, not on the one the stream was opened on.
    expect(notification.url).toBe(`${TEST_ORIGIN}/discussion/comment/${first.commentID}#Comment_${first.commentID}`);
    expect(JSON.parse((await stream.waitFor("counts", 2)).data)).toEqual({ countUnreadNotifications: 1 });
    expect(parseLiveCursor(event.id!)!.high).toBeGreaterThan(0);

    // Gone: two comments happen meanwhile.
    const lastSeen = stream.lastEventID!;
    // Whether or not the server has seen the close yet, the next stream gets these by replay.
    stream.close();
    const missed = [
      await postComment(f.api, f.as.writer, d.discussionID, "Second."),
      await postComment(f.api, f.as.writer, d.discussionID, "Third."),
    ];
    const again = await connect(f.as.reader, "", { "last-event-id": lastSeen });
    await again.waitFor("notification", 2);
    const live = await postComment(f.api, f.as.writer, d.discussionID, "Fourth, live.");
    await again.waitFor("notification", 3);
    // The counts that follow the last notification.
    await eventually(() => again.data<LiveCounts>("counts").at(-1)?.countUnreadNotifications === 4);
    const got = again.data<Notification>("notification").map((n) => n.recordID);
    expect(got).toEqual([...missed.map((c) => c.commentID), live.commentID]);
    // Each event's cursor moves on from the one the reconnect sent, and holds what came before it.
    const ids = again.events.filter((e) => e.id !== null).map((e) => parseLiveCursor(e.id!)!.high);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Math.min(...ids)).toBeGreaterThan(parseLiveCursor(lastSeen)!.high);
    expect(parseLiveCursor(again.lastEventID!)!.seen).toEqual(
      expect.arrayContaining([parseLiveCursor(lastSeen)!.high, ...ids.slice(0, -1)]),
    );
    expect(again.data<LiveCounts>("counts").at(-1)).toEqual({ countUnreadNotifications: 4 });

    // Marking all read is live too (its event may arrive before the PATCH's answer: count first).
    const countsBefore = again.data("counts").length;
    expect((await f.api.patch("/api/v2/notifications", { read: true }, { as: f.as.reader })).statusCode).toBe(204);
    await again.waitFor("counts", countsBefore + 1);
    expect(again.data<LiveCounts>("counts").at(-1)).toEqual({ countUnreadNotifications: 0 });
  });

  it("streams a discussion's new comments to its readers, checking view rights on subscribe and per event", async () => {
    const { f } = server;
    const d = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "Live thread" });
    const stream = await connect(f.as.other, `?discussionID=${d.discussionID}`);
    expect(stream.status).toBe(200);
    await stream.waitFor("counts");
    const c = await postComment(f.api, f.as.writer, d.discussionID, "Hello live.");
    const comment = JSON.parse((await stream.waitFor("comment")).data) as LiveComment;
    expect(comment).toMatchObject({
      commentID: c.commentID,
      discussionID: d.discussionID,
      insertUserID: f.users.writer.userID,
    });

    const hide = (view: boolean) => membersMayView(f, f.category["off-topic"], view);
    expect((await hide(false)).statusCode).toBe(200);
    try {
      // Subscribing is refused now…
      const refused = await connect(f.as.reader, `?discussionID=${d.discussionID}`);
      expect([403, 404]).toContain(refused.status);
      // …and the open stream no longer gets its comments.
      await postComment(f.api, f.admin, d.discussionID, "Staff only now.");
    } finally {
      expect((await hide(true)).statusCode).toBe(200);
    }
    // Visible again: the next comment comes, and nothing between the two.
    const visible = await postComment(f.api, f.admin, d.discussionID, "Visible again.");
    await stream.waitFor("comment", 2);
    expect(stream.data<LiveComment>("comment").map((one) => one.commentID)).toEqual([c.commentID, visible.commentID]);
    const unknown = await connect(f.as.other, "?discussionID=999999");
    expect(unknown.status).toBe(404);
  });

  it("closes a member's streams as soon as they are banned, without waiting for a heartbeat", async () => {
    const { f } = server;
    const user = await createUser(f.t.database.db, { name: "Lex Banned Live", role: "member" });
    const stream = await connect(await f.api.signIn(user));
    await stream.waitFor("counts");
    const banned = await f.api.put(`/api/v2/users/${user.userID}/ban`, { banned: true }, { as: f.admin });
    expect(banned.statusCode, banned.body).toBe(200);
    // The heartbeat is 25 s away: only the ban's event can have closed it.
    await eventually(() => stream.ended, 3_000);
  });

  it("limits the streams one member holds open and frees them on close", async () => {
    const { f } = server;
    const streams: SseStream[] = [];
    for (let i = 0; i < defaultLiveOptions.maxConnectionsPerUser; i++) {
      const stream = await connect(f.as.writer);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    expect((await connect(f.as.writer)).status).toBe(429);
    for (const stream of streams) stream.close();
    // Once the server has seen a close (the socket's, in its own time), a stream is free again.
    await vi.waitFor(async () => expect((await connect(f.as.writer)).status).toBe(200), { interval: 20 });
  });
});
