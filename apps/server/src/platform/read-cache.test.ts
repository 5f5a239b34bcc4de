import { describe, expect, it } from "vitest";
import type { ContentChanges } from "./content-changes.ts";
import type { EventName } from "./events.ts";
import { createReadCache } from "./read-cache.ts";

/** Content changes that the test announces itself. */
function manualChanges() {
  const listeners: Array<(event: EventName | null) => void> = [];
  const changes: ContentChanges = {
    on: (listener) => void listeners.push(listener),
    close: async () => {},
  };
  return { changes, change: () => listeners.forEach((listener) => listener("discussion.updated")) };
}

/** A promise the test resolves when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const options = { ttlMs: 60_000, maxEntries: 100, maxSize: 1_000_000 };

describe("read cache", () => {
  it("answers a key again from memory until a content change drops it", async () => {
    const { changes, change } = manualChanges();
    const cache = createReadCache(changes, options);
    let loads = 0;
    const load = async () => ({ rows: [{ id: 1, name: `load ${++loads}` }], total: 1 });
    expect((await cache.page("k", load)).rows[0]!.name).toBe("load 1");
    expect((await cache.page("k", load)).rows[0]!.name).toBe("load 1");
    expect((await cache.page("other", load)).rows[0]!.name).toBe("load 2");
    change();
    expect((await cache.page("k", load)).rows[0]!.name).toBe("load 3");
    expect(cache.usage()).toMatchObject({ hits: 1, misses: 3 });
  });

  it("keeps pages frozen, so no reader can change what the next one reads", async () => {
    const cache = createReadCache(manualChanges().changes, options);
    const page = await cache.page("k", async () => ({ rows: [{ id: 1, name: "kept" }], total: 1 }));
    expect(() => {
      (page.rows[0] as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect(() => page.rows.push({ id: 2, name: "more" })).toThrow(TypeError);
    const again = await cache.page("k", async () => ({ rows: [{ id: 9, name: "loaded again" }], total: 1 }));
    expect(again.rows[0]!.name).toBe("kept");
  });

  it("does not keep what was read before a change that came while it was loading", async () => {
    const { changes, change } = manualChanges();
    const cache = createReadCache(changes, options);
    const slow = deferred<{ rows: Array<{ name: string }>; total: number }>();
    const first = cache.page("k", () => slow.promise);
    // A write commits and announces itself while the read above is still on its way.
    change();
    slow.resolve({ rows: [{ name: "before the write" }], total: 1 });
    expect((await first).rows[0]!.name).toBe("before the write");
    const after = await cache.page("k", async () => ({ rows: [{ name: "after the write" }], total: 1 }));
    expect(after.rows[0]!.name).toBe("after the write");
  });

  it("shares one load between concurrent misses of a key, but not across a change", async () => {
    const { changes, change } = manualChanges();
    const cache = createReadCache(changes, options);
    const slow = deferred<{ rows: Array<{ name: string }>; total: number }>();
    let loads = 0;
    const load = () => {
      loads++;
      return slow.promise;
    };
    const a = cache.page("k", load);
    const b = cache.page("k", load);
    expect(loads).toBe(1);
    change();
    const c = cache.page("k", async () => ({ rows: [{ name: "fresh" }], total: 1 }));
    slow.resolve({ rows: [{ name: "shared" }], total: 1 });
    expect((await a).rows[0]!.name).toBe("shared");
    expect((await b).rows[0]!.name).toBe("shared");
    expect((await c).rows[0]!.name).toBe("fresh");
  });

  it("forgets a value after its time to live, and a failed load is not kept", async () => {
    let time = 1_000;
    const cache = createReadCache(manualChanges().changes, { ...options, ttlMs: 10_000, now: () => time });
    await cache.page("k", async () => ({ rows: [{ name: "old" }], total: 1 }));
    time += 9_999;
    expect((await cache.page("k", async () => ({ rows: [{ name: "new" }], total: 1 }))).rows[0]!.name).toBe("old");
    time += 1;
    expect((await cache.page("k", async () => ({ rows: [{ name: "new" }], total: 1 }))).rows[0]!.name).toBe("new");
    await expect(cache.page("failing", async () => Promise.reject(new Error("database gone")))).rejects.toThrow(
      "database gone",
    );
    expect((await cache.page("failing", async () => ({ rows: [], total: 0 }))).total).toBe(0);
  });

  it("keeps rows one by one and loads only those it does not hold, in one call", async () => {
    const { changes, change } = manualChanges();
    const cache = createReadCache(changes, options);
    const calls: number[][] = [];
    const load = async (ids: number[]) => {
      calls.push(ids);
      return ids.filter((id) => id !== 404).map((id) => ({ id, name: `user ${id} (load ${calls.length})` }));
    };
    const names = async (ids: number[]) =>
      (await cache.byID("user", ids, load, (row) => row.id)).map((row) => row.name).sort();
    expect(await names([1, 2])).toEqual(["user 1 (load 1)", "user 2 (load 1)"]);
    expect(await names([2, 3, 404])).toEqual(["user 2 (load 1)", "user 3 (load 2)"]);
    expect(calls).toEqual([
      [1, 2],
      [3, 404],
    ]);
    expect(await names([1, 2, 3])).toEqual(["user 1 (load 1)", "user 2 (load 1)", "user 3 (load 2)"]);
    expect(calls).toHaveLength(2);
    change();
    expect(await names([1])).toEqual(["user 1 (load 3)"]);
    // Rows loaded while a change came are answered but not kept.
    const slow = deferred<Array<{ id: number; name: string }>>();
    const pending = cache.byID(
      "user",
      [5],
      () => slow.promise,
      (row) => row.id,
    );
    change();
    slow.resolve([{ id: 5, name: "before the change" }]);
    expect((await pending)[0]!.name).toBe("before the change");
    expect(await names([5])).toEqual(["user 5 (load 4)"]);
  });

  it("holds no more than its size: the oldest go first, and a page over a tenth of it is not kept", async () => {
    const cache = createReadCache(manualChanges().changes, { ...options, maxSize: 10_000 });
    const pageOf = (chars: number) => async () => ({ rows: [{ body: "x".repeat(chars) }], total: 1 });
    for (let index = 0; index < 20; index++) await cache.page(`k${index}`, pageOf(400));
    const { entries, size } = cache.usage();
    expect(size).toBeLessThanOrEqual(10_000);
    expect(entries).toBeLessThan(20);
    expect(entries).toBeGreaterThan(5);
    await cache.page("huge", pageOf(1_000));
    expect(cache.usage().entries).toBe(entries);
  });
});
