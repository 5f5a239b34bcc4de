import type { Me } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../../lib/api.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { memberMe } from "../../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../../test/fixtures.ts";
import { userKeys } from "../../users/index.ts";
import type { NotificationPage } from "../notifications.api.ts";
import { notificationKeys } from "../notifications.queries.ts";
import { FakeEventSource, makeNotification } from "../../../test/notifications.ts";
import { createLiveClient } from "./liveClient.ts";
import { liveDiscussion } from "../../../lib/live-discussion.ts";
import { conversationKeys } from "../../conversations/index.ts";
import { liveConversations } from "../../conversations/index.ts";

function setup(options: { eventSource?: boolean; counts?: () => number } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<Me>(userKeys.me(), { ...memberMe, countUnreadNotifications: 3 });
  const transport = createFakeTransport({
    "GET /users/me-counts": () =>
      jsonResponse({ counts: [{ name: "UnreadNotifications", count: options.counts?.() ?? 0 }] }),
  });
  const client = createLiveClient({
    queryClient,
    api: createApiClient(transport),
    connect: options.eventSource === false ? null : (url) => new FakeEventSource(url),
  });
  const unread = () => queryClient.getQueryData<Me>(userKeys.me())?.countUnreadNotifications;
  const countRequests = () => transport.requests.filter((request) => request.path === "/users/me-counts").length;
  return { queryClient, client, transport, unread, countRequests };
}

beforeEach(() => FakeEventSource.reset());
afterEach(() => vi.useRealTimers());

describe("the live client", () => {
  it("opens one stream at the live path and sets the unread count from `counts` events", () => {
    const { client, unread } = setup();
    client.start();
    client.start();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.latest.url).toBe("/api/v2/events/stream");
    FakeEventSource.latest.open();
    FakeEventSource.latest.send("counts", { countUnreadNotifications: 5 });
    expect(unread()).toBe(5);
    expect(client.mode).toBe("stream");
    client.stop();
    expect(FakeEventSource.latest.closed).toBe(true);
  });

  it("sets the Messages badge from `counts` and passes `message` events to the conversation page", () => {
    const { client, queryClient } = setup();
    const heard: number[] = [];
    const stop = liveConversations.listen((message) => heard.push(message.messageID));
    queryClient.setQueryData(conversationKeys.list(1, 10), { items: [], hasMore: false });
    client.start();
    FakeEventSource.latest.send("counts", { countUnreadNotifications: 3, countUnreadConversations: 4 });
    expect(queryClient.getQueryData<Me>(userKeys.me())?.countUnreadConversations).toBe(4);
    FakeEventSource.latest.send(
      "message",
      { messageID: 9, conversationID: 2, insertUserID: 8, dateInserted: "x" },
      "50",
    );
    expect(heard).toEqual([9]);
    // The Messages dropdown's cached list is stale now.
    expect(queryClient.getQueryState(conversationKeys.list(1, 10))?.isInvalidated).toBe(true);
    stop();
    client.stop();
  });

  it("puts `notification` events on top of cached first pages, keeping their size", () => {
    const { client, queryClient } = setup();
    const first = notificationKeys.list(1, 2);
    queryClient.setQueryData<NotificationPage>(first, {
      items: [makeNotification({ notificationID: 2 }), makeNotification({ notificationID: 1 })],
      hasMore: false,
    });
    client.start();
    FakeEventSource.latest.send("notification", makeNotification({ notificationID: 3, body: "<b>New</b>" }), "41");
    const page = queryClient.getQueryData<NotificationPage>(first)!;
    expect(page.items.map((item) => item.notificationID)).toEqual([3, 2]);
    expect(page.hasMore).toBe(true);
    // A grouped notification coming again moves to the top instead of showing twice.
    FakeEventSource.latest.send("notification", makeNotification({ notificationID: 2, count: 2 }), "42");
    expect(queryClient.getQueryData<NotificationPage>(first)!.items.map((item) => item.notificationID)).toEqual([2, 3]);
    client.stop();
  });

  it("marks the cached list read when the count drops to 0 elsewhere", () => {
    const { client, queryClient, unread } = setup();
    queryClient.setQueryData<NotificationPage>(notificationKeys.list(1, 10), {
      items: [makeNotification({ notificationID: 1 })],
      hasMore: false,
    });
    client.start();
    FakeEventSource.latest.send("counts", { countUnreadNotifications: 0 });
    expect(unread()).toBe(0);
    expect(queryClient.getQueryData<NotificationPage>(notificationKeys.list(1, 10))!.items[0]!.read).toBe(true);
    client.stop();
  });

  it("reconnects with ?discussionID= (resuming after the last event) while a discussion page watches", () => {
    const { client } = setup();
    client.start();
    FakeEventSource.latest.send("counts", { countUnreadNotifications: 1 }, "7");
    const heard: number[] = [];
    const unwatch = liveDiscussion.watch(12, (comment) => heard.push(comment.commentID));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(FakeEventSource.latest.url).toBe("/api/v2/events/stream?discussionID=12&lastEventID=7");
    FakeEventSource.latest.send("comment", { commentID: 88, discussionID: 12, insertUserID: 3, dateInserted: "x" });
    FakeEventSource.latest.send("comment", { commentID: 89, discussionID: 13, insertUserID: 3, dateInserted: "x" });
    expect(heard).toEqual([88]);
    unwatch();
    expect(FakeEventSource.latest.url).toBe("/api/v2/events/stream?lastEventID=7");
    client.stop();
  });

  it("falls back to polling /users/me-counts once a minute when the stream is refused", async () => {
    vi.useFakeTimers();
    let count = 4;
    const { client, unread, countRequests } = setup({ counts: () => count });
    client.start();
    FakeEventSource.latest.fail(false);
    expect(FakeEventSource.latest.closed).toBe(true);
    expect(client.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(limits.timing.countsMinIntervalMs - 1);
    expect(countRequests()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(countRequests()).toBe(1);
    expect(unread()).toBe(4);
    count = 6;
    await vi.advanceTimersByTimeAsync(limits.timing.countsMinIntervalMs);
    expect(countRequests()).toBe(2);
    expect(unread()).toBe(6);
    client.stop();
    await vi.advanceTimersByTimeAsync(limits.timing.countsMinIntervalMs * 3);
    expect(countRequests()).toBe(2);
  });

  it("falls back after repeated failures without an open in between, not after one", async () => {
    vi.useFakeTimers();
    const { client, countRequests } = setup();
    client.start();
    const stream = FakeEventSource.latest;
    stream.fail(true);
    stream.open();
    stream.fail(true);
    stream.fail(true);
    expect(client.mode).toBe("stream");
    stream.fail(true);
    expect(client.mode).toBe("polling");
    expect(stream.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(limits.timing.countsMinIntervalMs);
    expect(countRequests()).toBe(1);
    client.stop();
  });

  it("while polling, tries the stream again with a doubling, capped backoff, and stops polling once one opens", async () => {
    vi.useFakeTimers();
    const { client, countRequests } = setup();
    const { liveStreamRetryMinMs: first, liveStreamRetryMaxMs: cap, countsMinIntervalMs: minute } = limits.timing;
    client.start();
    FakeEventSource.latest.fail(false);
    expect(client.mode).toBe("polling");

    // Refused again and again: each try waits twice as long as the one before, never more than the cap.
    let wait: number = first;
    for (let attempt = 2; attempt <= 8; attempt++) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeEventSource.instances).toHaveLength(attempt - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeEventSource.instances).toHaveLength(attempt);
      expect(FakeEventSource.latest.url).toBe("/api/v2/events/stream");
      FakeEventSource.latest.fail(false);
      expect(client.mode).toBe("polling");
      wait = Math.min(wait * 2, cap);
    }
    expect(wait).toBe(cap);

    // The next try opens: polling stops, the stream is the live source again.
    await vi.advanceTimersByTimeAsync(wait);
    const stream = FakeEventSource.latest;
    expect(FakeEventSource.instances).toHaveLength(9);
    // Until it opens, polling goes on.
    const polled = countRequests();
    expect(polled).toBeGreaterThan(0);
    stream.open();
    expect(client.mode).toBe("stream");
    await vi.advanceTimersByTimeAsync(minute * 3);
    expect(countRequests()).toBe(polled);

    // A later refusal starts again from the shortest wait.
    stream.fail(false);
    expect(client.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(first);
    expect(FakeEventSource.instances).toHaveLength(10);

    // Stopped: no more tries.
    client.stop();
    await vi.advanceTimersByTimeAsync(cap * 2);
    expect(FakeEventSource.instances).toHaveLength(10);
  });

  it("a retried stream that keeps failing while the browser retries falls back again after the usual failures", async () => {
    vi.useFakeTimers();
    const { client } = setup();
    client.start();
    FakeEventSource.latest.fail(false);
    await vi.advanceTimersByTimeAsync(limits.timing.liveStreamRetryMinMs);
    const retried = FakeEventSource.latest;
    retried.fail(true);
    retried.fail(true);
    expect(client.mode).toBe("stream");
    expect(retried.closed).toBe(false);
    retried.fail(true);
    expect(client.mode).toBe("polling");
    expect(retried.closed).toBe(true);
    client.stop();
  });

  it("polls when the browser has no EventSource", async () => {
    vi.useFakeTimers();
    const { client, countRequests } = setup({ eventSource: false });
    client.start();
    expect(client.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(limits.timing.countsMinIntervalMs * 2);
    expect(countRequests()).toBe(2);
    client.stop();
  });
});
