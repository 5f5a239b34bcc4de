import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { eventually } from "../../test/live.ts";
import { createMemoryLiveBus, type LiveBus } from "./live.bus.ts";
import {
  createLiveHub,
  defaultLiveOptions,
  formatLiveCursor,
  parseLiveCursor,
  userChannel,
  type LiveHub,
} from "./live.hub.ts";
import { createNotificationsRepo, type NotificationsRepo } from "./notifications.repo.ts";

/** What the hub uses of a response: written chunks, and whether it was ended. */
function fakeResponse() {
  const emitter = new EventEmitter();
  const raw = Object.assign(emitter, {
    chunks: [] as string[],
    writableEnded: false,
    writeHead: () => raw,
    write(chunk: string) {
      raw.chunks.push(chunk);
      return true;
    },
    end(callback?: () => void) {
      raw.writableEnded = true;
      emitter.emit("close");
      callback?.();
      return raw;
    },
  });
  return raw;
}

const viewerOf = (userID: number): Viewer => ({
  userID,
  user: null,
  roleIDs: [],
  permissions: { permissions: [], isAdmin: false } as unknown as Viewer["permissions"],
  memberships: [],
  via: "cookie",
  session: null,
});

/** A member's stream on the hub (fresh, or resumed with the `Last-Event-ID` given), on a fake response. */
async function openStream(hub: LiveHub, userID: number, lastEventID: string | null) {
  const raw = fakeResponse();
  await hub.open({
    viewer: viewerOf(userID),
    origin: "http://forum.test",
    raw: raw as unknown as ServerResponse,
    discussionID: null,
    resume: lastEventID === null ? null : parseLiveCursor(lastEventID),
  });
  return raw;
}

const repo = {
  pruneLiveEvents: async () => undefined,
  liveEventsResumed: async () => [],
} as unknown as NotificationsRepo;

describe("the live hub's rights checks", () => {
  const hubs: LiveHub[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
  });

  /** A hub (one process) on the bus, counting its rights reads; `allowed` decides who may keep a stream. */
  function hubOn(bus: LiveBus, allowed: Set<number>, rightsMaxAgeMs = 3_600_000) {
    const reads: number[] = [];
    const hub = createLiveHub({
      bus,
      repo,
      refreshViewer: async (userID) => {
        reads.push(userID);
        return allowed.has(userID) ? viewerOf(userID) : null;
      },
      counts: async () => ({ countUnreadNotifications: 0 }),
      options: { ...defaultLiveOptions, heartbeatMs: 5, rightsMaxAgeMs },
      onError: (error) => {
        throw error;
      },
    });
    hubs.push(hub);
    return { hub, reads, open: (userID: number) => openStream(hub, userID, null) };
  }

  it("sends heartbeats without re-reading rights, and closes a member's streams in every process when theirs change", async () => {
    const bus = createMemoryLiveBus();
    const allowed = new Set([1, 2]);
    const here = hubOn(bus, allowed);
    // A second process: its own bus subscriber, the same bus (Redis in production).
    const there = hubOn(bus, allowed);
    const banned = [await here.open(1), await there.open(1)];
    const bystander = await there.open(2);

    await eventually(() => bystander.chunks.filter((chunk) => chunk.startsWith(": heartbeat")).length >= 5);
    expect([...here.reads, ...there.reads]).toEqual([]);

    allowed.delete(1);
    await here.hub.rightsChanged(1);
    // Closed here before rightsChanged resolves; in the other process when the notice arrives.
    expect(banned[0]!.writableEnded).toBe(true);
    await eventually(() => banned[1]!.writableEnded);
    expect(bystander.writableEnded).toBe(false);
    // Only member 1's rights were read, once per process.
    expect(here.reads).toEqual([1]);
    expect(there.reads).toEqual([1]);
    expect([here.hub.connectionsOf(1), there.hub.connectionsOf(1), there.hub.connectionsOf(2)]).toEqual([0, 0, 1]);
  });

  it("re-reads everyone's rights, one read per member, when roles or permissions change", async () => {
    const bus = createMemoryLiveBus();
    const allowed = new Set([1, 2]);
    const here = hubOn(bus, allowed);
    const there = hubOn(bus, allowed);
    await there.open(1);
    await there.open(1);
    const other = await there.open(2);
    allowed.delete(2);
    await here.hub.rightsChanged(null);
    // The reads start together, before the streams they end.
    await eventually(() => other.writableEnded);
    expect(there.reads.sort()).toEqual([1, 2]);
    expect(here.reads).toEqual([]);
  });

  it("still re-reads a stream's rights at a heartbeat once they are older than rightsMaxAgeMs (a lost notice)", async () => {
    const lost = hubOn(createMemoryLiveBus(), new Set(), 30);
    const raw = await lost.open(3);
    await eventually(() => raw.writableEnded);
    expect(lost.reads).toEqual([3]);
  });
});

/** The `id:` lines a fake response was written, in order. */
const idsOf = (raw: ReturnType<typeof fakeResponse>) =>
  raw.chunks.flatMap((chunk) => (chunk.startsWith("id: ") ? [chunk.slice(4, chunk.indexOf("\n"))] : []));
/** The unread counts a fake response was sent, in order (each test's events are counts carrying a marker). */
const countsOf = (raw: ReturnType<typeof fakeResponse>) =>
  raw.chunks.flatMap((chunk) => {
    const data = /^id: [^\n]+\nevent: counts\ndata: (.*)\n/.exec(chunk)?.[1];
    return data ? [(JSON.parse(data) as { countUnreadNotifications: number }).countUnreadNotifications] : [];
  });

describe("a stream's cursor (Last-Event-ID)", () => {
  it("reads back what it writes, takes an older client's plain id, and refuses what it never wrote", () => {
    const cursor = { high: 151, seen: [100, 148] };
    expect(formatLiveCursor(cursor)).toBe("151.3.51");
    expect(parseLiveCursor("151.3.51")).toEqual({ high: 151, seen: [148, 100] });
    expect(parseLiveCursor(" 42 ")).toEqual({ high: 42, seen: [] });
    for (const bad of ["", "abc", "12.", ".3", "5.5", "5.9", "1e3", "-4", "12345678901234567", "1" + ".1".repeat(64)])
      expect(parseLiveCursor(bad), bad).toBeNull();
  });
});

describe.each(engines)("resuming a stream on %s when events reach the bus out of their ids' order", (engine) => {
  let database: TestDatabase;
  let repo: NotificationsRepo;
  const hubs: LiveHub[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    repo = createNotificationsRepo(database.db, database.dialect);
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
  });
  afterAll(() => database?.dispose());

  function hubOn(bus: LiveBus) {
    const hub = createLiveHub({
      bus,
      repo,
      refreshViewer: async (userID) => viewerOf(userID),
      counts: async () => ({ countUnreadNotifications: 0 }),
      options: defaultLiveOptions,
      onError: (error) => {
        throw error;
      },
    });
    hubs.push(hub);
    return hub;
  }
  const open = openStream;
  /** Logs an event for the member, as a write's transaction does; it reaches the bus only when published. */
  const log = (hub: LiveHub, userID: number, marker: number, date = new Date()) =>
    hub.log(
      repo,
      userChannel(userID),
      { type: "counts", counts: { countUnreadNotifications: marker } },
      date.toISOString(),
    );

  it("replays an event numbered before the last one sent that was published after the stream was cut", async () => {
    const bus = createMemoryLiveBus();
    // Two processes: the stream is held by one, the writes are published by the other.
    const here = hubOn(bus);
    const there = hubOn(bus);
    const userID = 7_001;
    const first = await open(here, userID, null);
    // A slow write logs its event (its id drawn), a quick one logs the next id, commits and publishes first.
    const slow = await log(there, userID, 2);
    const quick = await log(there, userID, 3);
    expect(quick.eventID).toBeGreaterThan(slow.eventID);
    await there.publish([quick]);
    await eventually(() => countsOf(first).includes(3));
    // The stream is cut here: the slow write publishes to nobody.
    first.end();
    await there.publish([slow]);

    const cursor = idsOf(first).at(-1)!;
    expect(parseLiveCursor(cursor)!.high).toBe(quick.eventID);
    const second = await open(here, userID, cursor);
    // The replay sends the late event and nothing the first stream had.
    expect(countsOf(second)).toEqual([2]);
    const after = idsOf(second).at(-1)!;
    expect(parseLiveCursor(after)).toEqual({ high: quick.eventID, seen: [slow.eventID] });

    // Live events go on; a later reconnect with the newest cursor replays nothing it had.
    const next = await log(there, userID, 4);
    await there.publish([next]);
    await eventually(() => countsOf(second).includes(4));
    second.end();
    const third = await open(here, userID, idsOf(second).at(-1)!);
    expect(countsOf(third)).toEqual([]);
    expect(third.chunks.some((chunk) => chunk.startsWith("event: counts"))).toBe(false);
  });

  it("takes an older client's plain id, and looks back no further than a minute before it", async () => {
    const bus = createMemoryLiveBus();
    const hub = hubOn(bus);
    const userID = 7_002;
    const now = Date.now();
    // Logged two minutes before the id the client had, never sent: beyond the window.
    const ancient = await log(hub, userID, 1, new Date(now - 120_000));
    const late = await log(hub, userID, 2, new Date(now - 30_000));
    const seen = await log(hub, userID, 3, new Date(now));
    await log(hub, userID, 4, new Date(now));
    expect(ancient.eventID).toBeLessThan(late.eventID);
    // A plain id holds only itself: what is above it, and what was logged in the minute before it, is replayed.
    const raw = await open(hub, userID, String(seen.eventID));
    expect(countsOf(raw)).toEqual([2, 4]);
    // An id the log no longer holds (pruned): only what is above it.
    await repo.pruneLiveEvents(new Date(now + 1).toISOString());
    await log(hub, userID, 5, new Date(now + 5_000));
    const gone = await open(hub, userID, String(seen.eventID));
    expect(countsOf(gone)).toEqual([5]);
  });

  it("sends a busy stream, whose cursor holds only its latest ids, nothing twice after a reconnect", async () => {
    const bus = createMemoryLiveBus();
    const hub = hubOn(bus);
    const userID = 7_003;
    const first = await open(hub, userID, null);
    const markers = Array.from({ length: 100 }, (_, index) => 100 + index);
    for (const marker of markers) await hub.publish([await log(hub, userID, marker)]);
    await eventually(() => countsOf(first).length === markers.length);
    first.end();
    const cursor = parseLiveCursor(idsOf(first).at(-1)!)!;
    expect(cursor.seen).toHaveLength(63);
    // All 100 were logged within the minute before the last: only the cursor's floor keeps them from coming again.
    const second = await open(hub, userID, formatLiveCursor(cursor));
    expect(countsOf(second)).toEqual([]);
  });
});
