import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { eventually } from "../../test/live.ts";
import { createMemoryLiveBus, type LiveBus } from "./live.bus.ts";
import { createLiveHub, defaultLiveOptions, type LiveHub } from "./live.hub.ts";
import type { NotificationsRepo } from "./notifications.repo.ts";

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

const repo = {
  pruneLiveEvents: async () => undefined,
  liveEventsAfter: async () => [],
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
    const open = async (userID: number) => {
      const raw = fakeResponse();
      await hub.open({
        viewer: viewerOf(userID),
        origin: "http://forum.test",
        raw: raw as unknown as ServerResponse,
        discussionID: null,
        lastEventID: null,
      });
      return raw;
    };
    return { hub, reads, open };
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
