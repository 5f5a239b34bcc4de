import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { LiveComment, LiveConversationMessage, LiveCounts, Notification } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { LiveBus, LiveMessage } from "./live.bus.ts";
import { notificationsPolicy } from "./notifications.policy.ts";
import { withOrigin } from "./notifications.present.ts";
import type { LiveEventRow, NotificationsRepo } from "./notifications.repo.ts";

/** What the `liveEvents` log stores per event type; `categoryID` is for the per-event view check and never sent. */
export type LiveData =
  | { type: "notification"; notification: Notification; categoryID: number | null }
  | { type: "counts"; counts: LiveCounts }
  | { type: "comment"; comment: LiveComment; categoryID: number }
  /** Logged on each participant's own channel only: who may see it was decided by the conversation. */
  | { type: "message"; message: LiveConversationMessage; userID: number };

export const userChannel = (userID: number) => `user:${userID}`;
const discussionChannel = (discussionID: number) => `discussion:${discussionID}`;

export interface LiveOptions {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /**
   * A stream's rights are re-read when they change (`rightsChanged`, through the bus to every process);
   * at a heartbeat only when older than this, in case such a notice was lost.
   */
  rightsMaxAgeMs: number;
  /** The browser's reconnect delay (`retry:`). */
  retryMs: number;
  /** Streams one member may hold open at once (tabs); one more is refused with 429. */
  maxConnectionsPerUser: number;
  /** Events kept in the log for replay after a reconnect. */
  keepEventsMs: number;
}

export const defaultLiveOptions: LiveOptions = {
  heartbeatMs: 25_000,
  rightsMaxAgeMs: 15 * 60_000,
  retryMs: 3_000,
  maxConnectionsPerUser: 8,
  keepEventsMs: 24 * 3_600_000,
};

/** Replayed after a reconnect at most: a client gone longer than that reloads its counts. */
const REPLAY_LIMIT = 500;

/**
 * Event ids are drawn when an event is logged, inside its write's transaction, but the events reach the bus in the
 * order their transactions commit, in whichever process: a stream can be sent 151 before 100. So a stream's `id:`
 * is a cursor, not a number: the highest id it was sent, then the other ids it was sent lately, written as
 * distances below the highest (`151.3.51`: 151, 148 and 100). A reconnect replays what is above the highest and
 * what was logged in the minute before it that the cursor does not hold; a full cursor (a busy stream) also
 * bounds that look back at its lowest id, so that what it sent before is not sent twice.
 */
const LATE_WINDOW_MS = 60_000;
/** Ids a cursor holds besides its highest (the latest sent): enough for a minute of a busy discussion. */
const CURSOR_IDS = 63;
const MAX_ID = 2 ** 53 - 1;

/** Where a stream stands: the highest event id it was sent and the others it was sent lately (each below it). */
export interface LiveCursor {
  high: number;
  seen: number[];
}

/** What a client sends back as `Last-Event-ID`: a plain id (an older client's) or a cursor. Null when malformed. */
export function parseLiveCursor(raw: string): LiveCursor | null {
  const parts = raw.trim().split(".");
  if (parts.length > CURSOR_IDS + 1 || !parts.every((part) => /^\d{1,16}$/.test(part))) return null;
  const [high, ...below] = parts.map(Number);
  if (high === undefined || high > MAX_ID) return null;
  const seen = below.map((distance) => high - distance);
  if (seen.some((id) => id < 1 || id >= high)) return null;
  return { high, seen };
}

export function formatLiveCursor({ high, seen }: LiveCursor): string {
  const below = seen
    .filter((id) => id < high)
    .sort((a, b) => b - a)
    .map((id) => `.${high - id}`);
  return `${high}${below.join("")}`;
}

/**
 * A notice on the bus (never logged, never sent to a client): re-read this member's rights, or everyone's
 * (null). The process that sends it has re-read its own streams already.
 */
const RIGHTS = "rights";
interface RightsNotice {
  userID: number | null;
  from: string;
}

interface Connection {
  userID: number;
  channels: string[];
  viewer: Viewer;
  /** When `viewer` was read (ms). */
  checkedAt: number;
  origin: string;
  raw: ServerResponse;
  /** Live messages held back while the replay after a reconnect runs. */
  buffer: LiveMessage[] | null;
  sent: Set<number>;
  /** The highest event id sent (0: none yet). */
  high: number;
  /** The ids sent lately, oldest first (the cursor's other ids). */
  recent: number[];
}

export interface OpenStream {
  viewer: Viewer;
  origin: string;
  raw: ServerResponse;
  discussionID: number | null;
  /** `Last-Event-ID`, parsed: the stream resumes after it. */
  resume: LiveCursor | null;
}

/**
 * The SSE connections this process holds, by channel. Every event is logged (its id is the log's
 * row id, increasing), then published on the bus; each process delivers it to its own connections
 * after checking the connection's viewer may see it. A reconnect with `Last-Event-ID` (a cursor, see
 * LATE_WINDOW_MS) replays what the log holds that the cursor does not, with live events held back meanwhile and
 * sent once.
 */
export function createLiveHub(deps: {
  bus: LiveBus;
  repo: NotificationsRepo;
  /** The member's viewer as it is now (null when the account is gone or banned). */
  refreshViewer: (userID: number) => Promise<Viewer | null>;
  /** Drops this process's cached role permissions (before everyone's rights are re-read). */
  invalidateRights?: () => void;
  /** The badges' numbers for a fresh stream. */
  counts: (userID: number, viewer?: Viewer) => Promise<LiveCounts>;
  options: LiveOptions;
  onError: (error: unknown) => void;
}) {
  const { bus, repo, options } = deps;
  const byChannel = new Map<string, Set<Connection>>();
  const perUser = new Map<number, number>();
  const connections = new Set<Connection>();
  const processKey = randomUUID();

  /** The event as this connection may see it, or null. */
  function visible(connection: Connection, message: Pick<LiveMessage, "type" | "data">): unknown {
    const data = message.data as LiveData;
    if (data.type === "comment")
      return notificationsPolicy.canViewPost(connection.viewer, { categoryID: data.categoryID }) ? data.comment : null;
    if (data.type === "notification") {
      if (
        data.categoryID !== null &&
        !notificationsPolicy.canViewPost(connection.viewer, { categoryID: data.categoryID })
      )
        return null;
      return withOrigin(data.notification, connection.origin);
    }
    // A conversation's message goes only to the participant it was logged for.
    if (data.type === "message") return data.userID === connection.userID ? data.message : null;
    return data.counts;
  }

  function write(connection: Connection, chunk: string): void {
    if (!connection.raw.writableEnded) connection.raw.write(chunk);
  }

  function deliver(connection: Connection, message: LiveMessage): void {
    if (connection.buffer) {
      connection.buffer.push(message);
      return;
    }
    const { eventID } = message;
    if (connection.sent.has(eventID)) return;
    connection.sent.add(eventID);
    if (connection.sent.size > 2 * REPLAY_LIMIT) connection.sent.clear();
    connection.high = Math.max(connection.high, eventID);
    connection.recent.push(eventID);
    if (connection.recent.length > CURSOR_IDS + 1) connection.recent.shift();
    const id = formatLiveCursor({ high: connection.high, seen: connection.recent });
    const data = visible(connection, message);
    // A hidden event still moves the client's Last-Event-ID on, so it is never replayed either.
    if (data === null) write(connection, `id: ${id}\n\n`);
    else write(connection, `id: ${id}\nevent: ${message.type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Re-reads the connection's rights; a member who may no longer hold a stream has it closed. */
  async function recheck(connection: Connection): Promise<void> {
    connection.checkedAt = Date.now();
    const fresh = await deps.refreshViewer(connection.userID);
    if (fresh) connection.viewer = fresh;
    else connection.raw.end();
  }

  /** Re-reads the rights of one member's streams in this process (null: every stream's). */
  async function recheckAll(userID: number | null): Promise<void> {
    if (userID === null) deps.invalidateRights?.();
    const affected = [...connections].filter((connection) => userID === null || connection.userID === userID);
    // One read per member, shared by their tabs.
    const fresh = new Map<number, Promise<Viewer | null>>();
    await Promise.all(
      affected.map(async (connection) => {
        if (!fresh.has(connection.userID)) fresh.set(connection.userID, deps.refreshViewer(connection.userID));
        const viewer = await fresh.get(connection.userID)!;
        connection.checkedAt = Date.now();
        if (viewer) connection.viewer = viewer;
        else connection.raw.end();
      }),
    );
  }

  const unsubscribe = bus.subscribe((message) => {
    if (message.type === RIGHTS && message.channel === RIGHTS) {
      const { userID, from } = message.data as RightsNotice;
      if (from !== processKey && (userID === null || perUser.has(userID))) recheckAll(userID).catch(deps.onError);
      return;
    }
    for (const connection of byChannel.get(message.channel) ?? []) deliver(connection, message);
  });

  const fromRow = (row: LiveEventRow): LiveMessage => ({
    eventID: row.eventID,
    channel: row.channel,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
  });

  function remove(connection: Connection): void {
    if (!connections.delete(connection)) return;
    for (const channel of connection.channels) {
      const set = byChannel.get(channel);
      set?.delete(connection);
      if (set?.size === 0) byChannel.delete(channel);
    }
    const left = (perUser.get(connection.userID) ?? 1) - 1;
    if (left <= 0) perUser.delete(connection.userID);
    else perUser.set(connection.userID, left);
  }

  const prune = setInterval(
    () => {
      repo.pruneLiveEvents(new Date(Date.now() - options.keepEventsMs).toISOString()).catch(deps.onError);
    },
    Math.min(options.keepEventsMs, 3_600_000),
  );
  prune.unref();

  return {
    options,

    /** Streams one member has open in this process. */
    connectionsOf: (userID: number) => perUser.get(userID) ?? 0,
    get size() {
      return connections.size;
    },

    /** Writes an event to the log (in the caller's transaction when given its repo). Publish it after commit. */
    async log(scoped: NotificationsRepo, channel: string, data: LiveData, date: string): Promise<LiveMessage> {
      return fromRow(await scoped.appendLiveEvent(channel, data.type, data, date));
    },

    async publish(messages: LiveMessage[]): Promise<void> {
      for (const message of messages) {
        try {
          await bus.publish(message);
        } catch (error) {
          // Logged already: a reconnect replays it.
          deps.onError(error);
        }
      }
    },

    /** Serves one stream until the client goes away; the response is already hijacked from Fastify. */
    async open(stream: OpenStream): Promise<void> {
      const { viewer, raw } = stream;
      const channels = [userChannel(viewer.userID)];
      if (stream.discussionID !== null) channels.push(discussionChannel(stream.discussionID));
      const connection: Connection = {
        userID: viewer.userID,
        channels,
        viewer,
        checkedAt: Date.now(),
        origin: stream.origin,
        raw,
        buffer: [],
        sent: new Set(stream.resume ? [stream.resume.high, ...stream.resume.seen] : []),
        high: stream.resume?.high ?? 0,
        recent: stream.resume ? [...stream.resume.seen].sort((a, b) => a - b).concat(stream.resume.high) : [],
      };
      connections.add(connection);
      perUser.set(viewer.userID, (perUser.get(viewer.userID) ?? 0) + 1);
      for (const channel of channels) {
        const set = byChannel.get(channel) ?? new Set();
        set.add(connection);
        byChannel.set(channel, set);
      }

      const heartbeat = setInterval(() => {
        write(connection, ": heartbeat\n\n");
        if (Date.now() - connection.checkedAt >= options.rightsMaxAgeMs) recheck(connection).catch(deps.onError);
      }, options.heartbeatMs);
      raw.on("close", () => {
        clearInterval(heartbeat);
        remove(connection);
      });

      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-store, no-transform, private",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      write(connection, `retry: ${options.retryMs}\n\n`);
      try {
        if (stream.resume !== null) {
          const { high, seen } = stream.resume;
          const rows = await repo.liveEventsResumed(
            channels,
            high,
            { windowMs: LATE_WINDOW_MS, aboveEventID: seen.length >= CURSOR_IDS ? Math.min(...seen) : 0 },
            REPLAY_LIMIT + CURSOR_IDS,
          );
          const held = connection.buffer!;
          connection.buffer = null;
          for (const row of rows) deliver(connection, fromRow(row));
          for (const message of held) deliver(connection, message);
        } else {
          // A fresh stream starts from the current counts (no id: it moves no Last-Event-ID).
          const counts: LiveCounts = await deps.counts(viewer.userID, viewer);
          const held = connection.buffer!;
          connection.buffer = null;
          write(connection, `event: counts\ndata: ${JSON.stringify(counts)}\n\n`);
          for (const message of held) deliver(connection, message);
        }
      } catch (error) {
        deps.onError(error);
        raw.end();
      }
    },

    /**
     * Re-reads the rights of one member's streams (banned, roles changed, deleted), or of every stream
     * (null: roles or category permissions changed): here before it resolves, in other processes when
     * the bus brings them the notice.
     */
    async rightsChanged(userID: number | null): Promise<void> {
      if (userID === null || perUser.has(userID)) await recheckAll(userID);
      const data: RightsNotice = { userID, from: processKey };
      try {
        await bus.publish({ eventID: 0, channel: RIGHTS, type: RIGHTS, data });
      } catch (error) {
        // Other processes catch up at a heartbeat (rightsMaxAgeMs).
        deps.onError(error);
      }
    },

    /** Ends every stream (the server is closing). */
    async close(): Promise<void> {
      clearInterval(prune);
      unsubscribe();
      for (const connection of [...connections]) {
        // Ended and its socket closed: a stream is never idle, so the server's close would wait for it.
        connection.raw.end(() => connection.raw.socket?.destroy());
        remove(connection);
      }
      await bus.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
