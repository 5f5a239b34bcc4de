import zlib from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTimedStore, type StoredAnswer } from "./timed-store.ts";

const text = (length: number, letter = "a"): StoredAnswer => ({
  body: Buffer.from(letter.repeat(length)),
  encoded: {},
});

describe("timed store (guests' cached pages and API answers)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("serves an answer again until its time to live ends", () => {
    vi.useFakeTimers();
    const store = createTimedStore({ ttlMs: 1_000, maxEntries: 10, maxSize: 10_000 });
    const answer = store.set("/a", text(10));
    expect(store.get("/a")).toBe(answer);
    vi.advanceTimersByTime(999);
    expect(store.get("/a")).toBe(answer);
    vi.advanceTimersByTime(1);
    expect(store.get("/a")).toBeUndefined();
    expect(store.usage()).toEqual({ entries: 0, size: 0 });
  });

  it("drops the expired answers before a new one, though no bound is reached", () => {
    vi.useFakeTimers();
    const store = createTimedStore({ ttlMs: 1_000, maxEntries: 10, maxSize: 10_000 });
    store.set("/a", text(10));
    store.set("/b", text(10));
    vi.advanceTimersByTime(600);
    store.set("/c", text(10));
    vi.advanceTimersByTime(600);
    store.set("/d", text(10));
    // /a and /b expired and were never asked for again: gone; /c and /d stay.
    expect(store.usage()).toEqual({ entries: 2, size: 20 });
    expect(store.get("/c")?.body.toString()).toBe("a".repeat(10));
  });

  it("keeps no more answers than its bound, the oldest going first", () => {
    const store = createTimedStore({ ttlMs: 60_000, maxEntries: 3, maxSize: 10_000 });
    for (const key of ["/1", "/2", "/3", "/4"]) store.set(key, text(5));
    expect(store.get("/1")).toBeUndefined();
    expect(["/2", "/3", "/4"].map((key) => store.get(key) !== undefined)).toEqual([true, true, true]);
    expect(store.usage()).toEqual({ entries: 3, size: 15 });
  });

  it("keeps no more bytes than its size, and sends but never keeps an answer over a tenth of it", () => {
    const store = createTimedStore({ ttlMs: 60_000, maxEntries: 1_000, maxSize: 100 });
    for (let index = 0; index < 12; index++) store.set(`/${index}`, text(10));
    expect(store.usage()).toEqual({ entries: 10, size: 100 });
    expect(store.get("/0")).toBeUndefined();
    expect(store.get("/1")).toBeUndefined();
    expect(store.get("/11")).toBeDefined();
    const large = text(11);
    expect(store.set("/large", large)).toBe(large);
    expect(store.get("/large")).toBeUndefined();
    expect(store.usage().size).toBe(100);
    // Setting a key again replaces its answer and its size.
    store.set("/11", text(4));
    expect(store.usage()).toEqual({ entries: 10, size: 94 });
  });

  it("counts an answer's UTF-8 bytes, as it keeps them (never a string V8 may keep at two bytes a character)", () => {
    const store = createTimedStore({ ttlMs: 60_000, maxEntries: 10, maxSize: 10_000 });
    store.set("/latin", text(50, "é"));
    store.set("/wide", text(50, "…"));
    expect(store.usage()).toEqual({ entries: 2, size: 50 * 2 + 50 * 3 });
  });

  it("counts a compressed copy, made once when a request asks for it, towards the size", async () => {
    const store = createTimedStore({ ttlMs: 60_000, maxEntries: 10, maxSize: 1_000_000 });
    const app = Fastify();
    app.decorate("compressesAnswers", true);
    app.get("/page", (request, reply) => {
      const kept = store.get("/page") ?? store.set("/page", text(20_000, "x"));
      return store.send(request, reply.type("text/plain"), "/page", kept);
    });
    const plain = await app.inject({ method: "GET", url: "/page" });
    expect(plain.body).toBe("x".repeat(20_000));
    expect(store.usage()).toEqual({ entries: 1, size: 20_000 });

    const compressed = await app.inject({ method: "GET", url: "/page", headers: { "accept-encoding": "gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(compressed.rawPayload).toString()).toBe("x".repeat(20_000));
    const copy = store.get("/page")!.encoded.gzip!;
    expect(copy.byteLength).toBe(compressed.rawPayload.byteLength);
    expect(store.usage()).toEqual({ entries: 1, size: 20_000 + copy.byteLength });

    // The copy is made once: a second request is sent the same bytes.
    const again = await app.inject({ method: "GET", url: "/page", headers: { "accept-encoding": "gzip" } });
    expect(again.rawPayload.equals(compressed.rawPayload)).toBe(true);
    expect(store.usage().size).toBe(20_000 + copy.byteLength);
    await app.close();
  });
});
