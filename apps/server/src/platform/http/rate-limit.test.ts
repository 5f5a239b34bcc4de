import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createTestClock } from "../clock.ts";
import { createMemoryLimiter, createRedisLimiter, type Limiter } from "./rate-limit.ts";

const redisUrl = process.env["TEST_REDIS_URL"] || null;
const clients: Redis[] = [];

type Make = (name: string, max: number, windowMs: number) => Limiter;
const clock = createTestClock();
/** A limiter of each kind, and how its time passes: the app's clock for memory, Redis's own for Redis. */
const makers: Array<[string, Make, (ms: number) => Promise<void>]> = [
  ["memory", (name, max, windowMs) => createMemoryLimiter(name, max, windowMs, clock), async (ms) => clock.advance(ms)],
];
if (redisUrl) {
  makers.push([
    "redis",
    (name, max, windowMs) => {
      const client = new Redis(redisUrl);
      clients.push(client);
      // A name of its own, so runs never share counters.
      return createRedisLimiter(client, `${name}-${randomBytes(4).toString("hex")}`, max, windowMs);
    },
    // Redis expires a window's key on its own clock, which no test clock moves.
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ]);
} else {
  console.info("TEST_REDIS_URL is not set: the Redis limiter is not exercised.");
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

describe.each(makers)("%s limiter", (_kind, make, pass) => {
  it("allows up to max hits per window, then refuses with the wait", async () => {
    const limiter = make("test", 3, 60_000);
    for (let i = 0; i < 3; i += 1) expect((await limiter.hit("a")).allowed).toBe(true);
    const refused = await limiter.hit("a");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect((await limiter.peek("a")).allowed).toBe(false);
    expect((await limiter.hit("b")).allowed).toBe(true);
  });

  it("peek does not count, and reset forgets a key", async () => {
    const limiter = make("peek", 1, 60_000);
    expect((await limiter.peek("k")).allowed).toBe(true);
    expect((await limiter.peek("k")).allowed).toBe(true);
    expect((await limiter.hit("k")).allowed).toBe(true);
    expect((await limiter.peek("k")).allowed).toBe(false);
    await limiter.reset("k");
    expect((await limiter.peek("k")).allowed).toBe(true);
  });

  it("opens again after the window", async () => {
    const limiter = make("window", 1, 300);
    await limiter.hit("w");
    expect((await limiter.hit("w")).allowed).toBe(false);
    await pass(450);
    expect((await limiter.hit("w")).allowed).toBe(true);
  });
});

describe.runIf(redisUrl)("redis limiter across processes", () => {
  it("two clients (two server processes) share one count", async () => {
    const name = `shared-${randomBytes(4).toString("hex")}`;
    const a = new Redis(redisUrl!);
    const b = new Redis(redisUrl!);
    clients.push(a, b);
    const first = createRedisLimiter(a, name, 2, 60_000);
    const second = createRedisLimiter(b, name, 2, 60_000);
    expect((await first.hit("user")).allowed).toBe(true);
    expect((await second.hit("user")).allowed).toBe(true);
    expect((await first.hit("user")).allowed).toBe(false);
  });

  it("keeps two sites' counts apart on one Redis (each its own schema)", async () => {
    const name = `sites-${randomBytes(4).toString("hex")}`;
    const client = new Redis(redisUrl!);
    clients.push(client);
    const one = createRedisLimiter(client, name, 1, 60_000, "site_one");
    const other = createRedisLimiter(client, name, 1, 60_000, "site_two");
    expect((await one.hit("user")).allowed).toBe(true);
    expect((await one.hit("user")).allowed).toBe(false);
    expect((await other.hit("user")).allowed).toBe(true);
  });
});
