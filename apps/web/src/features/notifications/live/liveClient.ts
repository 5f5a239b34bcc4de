import type { QueryClient } from "@tanstack/react-query";
import type { LiveComment, LiveCounts, Notification } from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import { liveStreamPath } from "@parley/contracts/notifications-constants";
import type { ApiClient } from "../../../lib/api.ts";
import { notificationsApi } from "../notifications.api.ts";
import { markAllReadInCache, prependNotification, setUnreadCount, unreadCountOf } from "../notifications.cache.ts";
import { notificationKeys } from "../notifications.queries.ts";
import { liveDiscussion } from "../../../lib/live-discussion.ts";
import type { LiveConversationMessage } from "@parley/contracts/conversations-constants";
import { liveConversations } from "../../conversations/index.ts";
import { conversationKeys, setUnreadConversations } from "../../conversations/index.ts";

/** The parts of the browser's EventSource the client uses (a fake one in tests). */
interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;

export interface LiveClientOptions {
  queryClient: QueryClient;
  api: ApiClient;
  /** Makes the stream; null when the browser has no EventSource (then the client polls). */
  connect: EventSourceFactory | null;
  /** Errors in a row, without the stream opening in between, before falling back to polling. */
  maxFailures?: number;
  /** The polling interval: never more often than spec §9's counts interval. */
  pollIntervalMs?: number;
  /** While polling, the stream is tried again after this long, then twice as long each time, up to the maximum. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

type LiveMode = "idle" | "stream" | "polling";

/** The browser's EventSource, when it has one. */
export const browserEventSource = (): EventSourceFactory | null =>
  typeof EventSource === "function" ? (url) => new EventSource(url, { withCredentials: true }) : null;

/**
 * The live updates of one tab (spec §7, issue 7): one Server-Sent Events stream for the signed-in
 * member. `counts` set the badges, `notification` goes on top of the cached lists, `comment` goes to
 * the discussion page watching it. EventSource reconnects by itself with `Last-Event-ID`; when it
 * is missing, refused (401, 429) or keeps failing, the client polls `/users/me-counts` instead, at
 * most once a minute, and tries the stream again with a backoff (30 s, doubling, at most 10 minutes);
 * polling stops once a stream opens.
 */
export function createLiveClient({
  queryClient,
  api,
  connect,
  maxFailures = 3,
  pollIntervalMs = limits.timing.countsMinIntervalMs,
  retryMinMs = limits.timing.liveStreamRetryMinMs,
  retryMaxMs = limits.timing.liveStreamRetryMaxMs,
}: LiveClientOptions) {
  let mode: LiveMode = "idle";
  let source: EventSourceLike | null = null;
  let failures = 0;
  let lastEventID: string | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = retryMinMs;
  let stopWatching: (() => void) | null = null;

  const parse = <T>(event: MessageEvent<string>): T | null => {
    if (event.lastEventId) lastEventID = event.lastEventId;
    try {
      return JSON.parse(event.data) as T;
    } catch {
      return null;
    }
  };

  function handleCounts(counts: LiveCounts) {
    const before = unreadCountOf(queryClient);
    if (counts.countUnreadNotifications === 0 && before !== 0) markAllReadInCache(queryClient);
    else if (counts.countUnreadNotifications < before) {
      // Read elsewhere (another tab): the lists are refetched when next shown.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: "none" });
    }
    setUnreadCount(queryClient, counts.countUnreadNotifications);
    if (counts.countUnreadConversations !== undefined)
      setUnreadConversations(queryClient, counts.countUnreadConversations);
  }

  function streamUrl(): string {
    const params = new URLSearchParams();
    const discussionID = liveDiscussion.current();
    if (discussionID !== null) params.set("discussionID", String(discussionID));
    // A new stream (another discussion) resumes where the last one stopped.
    if (lastEventID !== null) params.set("lastEventID", lastEventID);
    const query = params.toString();
    return query ? `${liveStreamPath}?${query}` : liveStreamPath;
  }

  function open() {
    if (!connect) {
      startPolling();
      return;
    }
    const stream = connect(streamUrl());
    source = stream;
    mode = "stream";
    stream.addEventListener("open", () => {
      if (source !== stream) return;
      failures = 0;
      retryDelay = retryMinMs;
      stopPolling();
    });
    stream.addEventListener("counts", (event) => {
      const counts = parse<LiveCounts>(event);
      if (counts) handleCounts(counts);
    });
    stream.addEventListener("notification", (event) => {
      const notification = parse<Notification>(event);
      if (notification) prependNotification(queryClient, notification);
    });
    stream.addEventListener("comment", (event) => {
      const comment = parse<LiveComment>(event);
      if (comment) liveDiscussion.emit(comment);
    });
    stream.addEventListener("message", (event) => {
      const message = parse<LiveConversationMessage>(event);
      if (!message) return;
      // The Messages dropdown's list refetches when shown; an open conversation page shows the message.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
      liveConversations.emit(message);
    });
    stream.addEventListener("error", () => {
      if (source !== stream) return;
      failures += 1;
      // CLOSED: the server refused the stream (the browser will not retry); otherwise it is retrying.
      if (stream.readyState === CLOSED || failures >= maxFailures) {
        closeStream();
        startPolling();
        scheduleRetry();
      }
    });
  }

  function closeStream() {
    source?.close();
    source = null;
  }

  /** Tries the stream again later; polling goes on until it opens. */
  function scheduleRetry() {
    if (!connect || retry !== null) return;
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, retryMaxMs);
    retry = setTimeout(() => {
      retry = null;
      failures = 0;
      open();
    }, delay);
  }

  function stopPolling() {
    if (poll !== null) clearInterval(poll);
    poll = null;
  }

  function startPolling() {
    mode = "polling";
    if (poll !== null) return;
    poll = setInterval(() => {
      notificationsApi
        .counts(api)
        .then(({ notifications: count, conversations }) => {
          if (conversations !== undefined) setUnreadConversations(queryClient, conversations);
          if (count !== unreadCountOf(queryClient)) {
            void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: "none" });
          }
          setUnreadCount(queryClient, count);
        })
        .catch(() => {
          // The next tick tries again.
        });
    }, pollIntervalMs);
  }

  return {
    get mode() {
      return mode;
    },
    start() {
      if (mode !== "idle") return;
      open();
      // Another discussion page: the one stream reconnects with its address.
      stopWatching = liveDiscussion.onChange(() => {
        if (mode !== "stream") return;
        closeStream();
        open();
      });
    },
    stop() {
      stopWatching?.();
      stopWatching = null;
      closeStream();
      stopPolling();
      if (retry !== null) clearTimeout(retry);
      retry = null;
      retryDelay = retryMinMs;
      mode = "idle";
    },
  };
}
